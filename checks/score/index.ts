/** The scorer and its reports: gold rows, answers, per-answer scoring, aggregation, results and comparison. */
export * from '../../formats/gold-row.ts';
export * from './answer.ts';
export * from './credit.ts';
export * from './heading-lookup.ts';
export * from './assignment.ts';
export * from './list-credit.ts';
export * from './families.ts';
export * from './score.ts';
export * from './result-row.ts';
export * from './bootstrap.ts';
export * from './aggregate.ts';
export * from './report.ts';
export * from './read-jsonl.ts';
