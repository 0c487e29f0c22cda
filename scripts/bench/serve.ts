// The bench's server process: the production start-up (server/main.ts) on the bench database.
import { startServer } from '../../server/main.ts';

await startServer();
