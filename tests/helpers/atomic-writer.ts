/**
 * Writes a big file over TARGET with writeFileAtomic, for the crash tests: run it with STBENCH_FAULT set to an
 * atomic:* fault point and it dies there with exit code 137, as a kill would.
 *
 *   node --import tsx tests/helpers/atomic-writer.ts TARGET BYTES CHAR
 */
import { writeFileAtomic } from '../../foundation/index.ts';

const [target, bytes, char] = process.argv.slice(2);
if (!target || !bytes || !char) {
  process.stderr.write('usage: atomic-writer.ts TARGET BYTES CHAR\n');
  process.exit(2);
}
writeFileAtomic(target, Buffer.alloc(Number(bytes), char));
process.stdout.write('written\n');
