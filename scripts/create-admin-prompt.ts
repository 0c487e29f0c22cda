// The questions of `npm run create-admin`, answered at a terminal or from piped input ("printf ... | npm run
// create-admin"). One reader serves every question, so that piped lines are not lost between them; a password is
// not echoed at a terminal; input that ends early answers the rest with empty text instead of hanging.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

export type Question = { text: string; fallback?: string | undefined; secret?: boolean };

export async function askAll(
  questions: readonly Question[],
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  screen: NodeJS.WritableStream = process.stdout,
): Promise<string[]> {
  if (questions.every((question) => question.fallback)) return questions.map((question) => question.fallback ?? '');
  let muted = false;
  // What the terminal echoes goes through here, and is dropped while a password is typed.
  const echo = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) screen.write(chunk);
      done();
    },
  });
  const reader = createInterface({ input, output: echo, terminal: input.isTTY === true });
  const lines = reader[Symbol.asyncIterator]();
  const answers: string[] = [];
  try {
    for (const question of questions) {
      if (question.fallback) {
        answers.push(question.fallback);
        continue;
      }
      screen.write(question.text);
      muted = question.secret === true;
      const next = await lines.next();
      muted = false;
      if (question.secret || input.isTTY !== true) screen.write('\n');
      answers.push(next.done ? '' : String(next.value).trim());
    }
  } finally {
    reader.close();
  }
  return answers;
}
