import { demoPassword } from '../../server/demo/master-data.ts';

export type Session = { base: string; read: Record<string, string>; write: Record<string, string> };

// Signs the demo's administrator in as the browser client does (CSRF cookie, then login), and answers the headers
// a read and a write of the business then carry.
export async function signIn(base: string, businessId: number): Promise<Session> {
  const csrf = await fetch(`${base}/api/csrf-cookie`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.getSetCookie().join(';'))?.[1] ?? '';
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      Cookie: `XSRF-TOKEN=${xsrf}`,
    },
    body: JSON.stringify({ email: 'admin@spectacle.test', password: demoPassword }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  const session = /spectacle_session=([^;]+)/.exec(login.headers.getSetCookie().join(';'))?.[1] ?? '';
  const read = {
    Cookie: `XSRF-TOKEN=${xsrf}; spectacle_session=${session}`,
    'X-Requested-With': 'XMLHttpRequest',
    'business-id': String(businessId),
  };
  return {
    base,
    read,
    write: { ...read, 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'Content-Type': 'application/json' },
  };
}
