/**
 * Takes a stage lock and holds it until killed, for the lock tests: prints `held` once it has it.
 *
 *   node --import tsx tests/helpers/hold-lock.ts LOCK_FILE
 */
import { acquireLock } from '../../foundation/index.ts';

acquireLock(process.argv[2], 'a test holding the lock');
process.stdout.write('held\n');
setInterval(() => {}, 1 << 30);
