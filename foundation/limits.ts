/**
 * The bounds on what a user hands stbench, each with its reason. Every reader of a user's file checks its size
 * against one of these before it parses anything, and every error report is capped, so that no input, however
 * large or broken, costs more than a bounded amount of time and memory or floods the terminal.
 */

/**
 * A job or place YAML file: 1 MiB. The largest shipped place is 30 KB (a job 6 KB), so this leaves 30 times the
 * room; the YAML parser takes 2 to 4 s on a MiB (tests/bench/validate.bench.ts), so a file at the limit is read within
 * seconds and a larger one is refused before it is read.
 */
export const MAX_YAML_BYTES = 1 << 20;

/**
 * A JSON or JSONL input (gold, answers, case files, reports, manifests, release.json): 256 MiB. A whole release's
 * gold in one file (tens of thousands of rows with their 360-entry heading tables) is about 100 MB.
 */
export const MAX_JSON_BYTES = 256 << 20;

/** Problems printed for one failed command: the first 50, then a count of the rest. */
export const MAX_PRINTED_ISSUES = 50;

/** Characters of one problem's message (and of its field path) printed; a longer one is cut with a note. */
export const MAX_MESSAGE_CHARS = 300;
export const MAX_PATH_CHARS = 200;
