import { readFile } from 'node:fs/promises';
import { StrataError } from '@strata-memory/strata';
import { z } from 'zod';

/** One conversation of a recall data set (format: shared/data/README.md). */
export interface RecallConversation {
  id: string;
  speakers: string[];
  sessions: RecallSession[];
  questions: RecallQuestion[];
  /** 1-based line in the file. */
  line: number;
}

/** One session of a conversation: its id and date. */
export interface RecallSession {
  id: string;
  time?: string;
  turns: Array<{ id: string; speaker: string; text: string }>;
}

/** A question about a conversation, with the ids of the turns that hold its answer. */
export interface RecallQuestion {
  id: string;
  question: string;
  evidence: string[];
  category: string;
}

/** Something wrong in the input; the rest of the file is still evaluated. */
export interface RecallProblem {
  /** `file:line`. */
  where: string;
  line: number;
  conversation?: string;
  question?: string;
  message: string;
}

/** A parsed recall data set: its file and conversations. */
export interface RecallDataset {
  file: string;
  conversations: RecallConversation[];
  problems: RecallProblem[];
}

const turnSchema = z.object({ id: z.string().min(1), speaker: z.string(), text: z.string() });
const sessionSchema = z.object({
  id: z.string().min(1),
  time: z.string().optional(),
  turns: z.array(turnSchema),
});
const questionSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  question: z.string(),
  evidence: z.array(z.string()),
  category: z.union([z.string(), z.number()]).transform(String).optional(),
});
const conversationSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  speakers: z.array(z.string()).optional(),
  sessions: z.array(sessionSchema),
  questions: z.array(z.unknown()),
});

/** Reads a recall JSONL file; an unreadable file throws, a bad line becomes a problem. */
export async function readRecallDataset(file: string): Promise<RecallDataset> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new StrataError(
      'INPUT_INVALID',
      `Cannot read recall data '${file}': ${(error as Error).message}. Pass an existing JSONL file with --data.`,
      { cause: error },
    );
  }
  return parseRecallDataset(text, file);
}

/** Parses JSONL text: one conversation per line; blank lines are skipped. */
export function parseRecallDataset(text: string, file = '<input>'): RecallDataset {
  const conversations: RecallConversation[] = [];
  const problems: RecallProblem[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, offset) => {
    const line = offset + 1;
    const where = `${file}:${line}`;
    if (raw.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      problems.push({ where, line, message: `not valid JSON (${(error as Error).message}); line skipped` });
      return;
    }
    const parsed = conversationSchema.safeParse(json);
    if (!parsed.success) {
      problems.push({
        where,
        line,
        message: `not a conversation: ${describeIssues(parsed.error)}; line skipped`,
      });
      return;
    }
    const value = parsed.data;
    const turnIds = new Set<string>();
    const sessions: RecallSession[] = [];
    const sessionIds = new Set<string>();
    for (const session of value.sessions) {
      if (sessionIds.has(session.id)) {
        problems.push({
          where,
          line,
          conversation: value.id,
          message: `session id '${session.id}' repeats; its turns are skipped`,
        });
        continue;
      }
      sessionIds.add(session.id);
      const turns = [];
      for (const turn of session.turns) {
        if (turnIds.has(turn.id)) {
          problems.push({
            where,
            line,
            conversation: value.id,
            message: `turn id '${turn.id}' repeats; the later turn is skipped`,
          });
          continue;
        }
        turnIds.add(turn.id);
        turns.push(turn);
      }
      sessions.push(
        session.time === undefined
          ? { id: session.id, turns }
          : { id: session.id, time: session.time, turns },
      );
    }
    if (turnIds.size === 0) {
      problems.push({
        where,
        line,
        conversation: value.id,
        message: 'conversation has no turns; its questions are skipped',
      });
      return;
    }
    const questions: RecallQuestion[] = [];
    value.questions.forEach((item, position) => {
      const question = questionSchema.safeParse(item);
      if (!question.success) {
        problems.push({
          where,
          line,
          conversation: value.id,
          message: `question #${position + 1} is malformed: ${describeIssues(question.error)}; skipped`,
        });
        return;
      }
      const { id, evidence } = question.data;
      const unknown = evidence.filter((turnId) => !turnIds.has(turnId));
      if (evidence.length === 0 || unknown.length > 0) {
        problems.push({
          where,
          line,
          conversation: value.id,
          question: id,
          message:
            evidence.length === 0
              ? `question '${id}' lists no evidence turns; skipped`
              : `question '${id}' cites unknown evidence turn ids ${unknown.map((turnId) => `'${turnId}'`).join(', ')}; skipped`,
        });
        return;
      }
      questions.push({
        id,
        question: question.data.question,
        evidence: [...new Set(evidence)],
        category: question.data.category ?? 'uncategorised',
      });
    });
    conversations.push({ id: value.id, speakers: value.speakers ?? [], sessions, questions, line });
  });
  return { file, conversations, problems };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
