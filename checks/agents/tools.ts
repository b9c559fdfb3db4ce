/**
 * The two tools a model-backed system acts through, and nothing else: `next_frame` (the next camera frame, its
 * header line, any task brief and the questions due at that frame) and `submit_answer` (one answer per open
 * question). One definition serves every form: the MCP server of the CLI forms (mcp-server.ts) and the function
 * declarations of the API loop (chat-loop.ts). The words a model reads (the tools' descriptions, the agent part of
 * the system prompt) are versioned: AGENT_PROTOCOL_VERSION, and `agentProtocolSha256` over all of it.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

export const AGENT_PROTOCOL_VERSION = 'stbench-agent/1';

export const NEXT_FRAME = 'next_frame';
export const SUBMIT_ANSWER = 'submit_answer';
export const TOOL_NAMES = [NEXT_FRAME, SUBMIT_ANSWER] as const;

/** The name of stbench's MCP server: its tools are `mcp__stbench__next_frame` and `mcp__stbench__submit_answer`. */
export const MCP_SERVER_NAME = 'stbench';

export const NEXT_FRAME_DESCRIPTION =
  "Receive the robot's next camera frame: the JPEG image, its header line (step, clock, position, heading, " +
  'velocity, camera pitch, status, subgoal), the brief of a task that starts at it, and the questions due at it. ' +
  'When questions are open, answer them with submit_answer first. When the stream is over it says so.';

export const SUBMIT_ANSWER_DESCRIPTION =
  'Answer the open questions: one entry per question, {"qid": the question\'s id, "answer": one value}. An answer ' +
  'is {"type":"number","value":m}, {"type":"offset","ahead":m,"left":m}, {"type":"place","x":m,"y":m}, ' +
  '{"type":"list","places":[{"x":m,"y":m},...]}, {"type":"heading","deg":d} (the type the question asks) or ' +
  '{"type":"unknown"}. A malformed or missing answer is refused with the reason; send the whole set again.';

/** submit_answer's arguments as the MCP server declares them (zod shape); each answer is checked by the desk. */
export const SUBMIT_ANSWER_SHAPE = {
  answers: z
    .array(
      z.object({
        qid: z.string().describe("the question's id, as next_frame gave it"),
        answer: z.object({ type: z.string() }).passthrough().describe('one answer value, or {"type":"unknown"}'),
      }),
    )
    .describe('one entry per open question'),
};

/** A tool as a JSON-schema function declaration (the API loop's `tools`). */
export interface ToolDeclaration {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** The two tools as function declarations, in order. */
export function toolDeclarations(): ToolDeclaration[] {
  const params = z.toJSONSchema(z.object(SUBMIT_ANSWER_SHAPE)) as Record<string, unknown>;
  delete params.$schema;
  return [
    {
      name: NEXT_FRAME,
      description: NEXT_FRAME_DESCRIPTION,
      parameters: { type: 'object', properties: {}, additionalProperties: false },
    },
    { name: SUBMIT_ANSWER, description: SUBMIT_ANSWER_DESCRIPTION, parameters: params },
  ];
}

/** What the system prompt adds for a tool-using model, after the protocol's own prompt. */
export const AGENT_PROMPT =
  'You act only through two tools. next_frame gives you the next frame: its image, its header line, the brief of ' +
  'a task that starts there and the questions due there. submit_answer takes your answers to the open questions, ' +
  'one per question, in the forms above; you must answer them before you get the next frame. Keep calling ' +
  'next_frame until it says the job is over. You have no other tool and no memory but this conversation: what ' +
  'you want to remember of a frame, keep in mind as you go.';

/** The first user message: what starts the stream. */
export const FIRST_MESSAGE = 'The job begins. Call next_frame for the first frame.';

/** What a model is told when it stops before the job is over (a bounded number of times). */
export const NUDGE_MESSAGE =
  'The job is not over. Call next_frame for the next frame (or submit_answer for the open questions); do not stop until next_frame says the job is over.';

/** The system prompt a model-backed system sends: the protocol's prompt (start message) and the agent part. */
export function agentSystemPrompt(protocolPrompt: string): string {
  return `${protocolPrompt}\n\n${AGENT_PROMPT}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** sha256 over everything of the agent protocol a model reads besides the case: version, tools, fixed messages. */
export function agentProtocolSha256(): string {
  return sha256(
    JSON.stringify({
      version: AGENT_PROTOCOL_VERSION,
      tools: toolDeclarations(),
      prompt: AGENT_PROMPT,
      first: FIRST_MESSAGE,
      nudge: NUDGE_MESSAGE,
    }),
  );
}
