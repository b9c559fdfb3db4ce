/**
 * The stream harness: the protocol, loading a case, its messages, the two transports (and Python agents over the
 * subprocess one), running one case or many.
 */
export * from './protocol.ts';
export * from './robot-facts.ts';
export * from './system-prompt.ts';
export * from './task-brief.ts';
export * from './load-case.ts';
export * from './every-case.ts';
export * from './case-messages.ts';
export * from './system.ts';
export * from './transcript.ts';
export * from './in-process-link.ts';
export * from './sandbox.ts';
export * from './subprocess-link.ts';
export * from './run-case.ts';
export * from './run-many.ts';
export * from './python-agent.ts';
