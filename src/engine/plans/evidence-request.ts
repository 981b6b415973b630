import { toolNames } from '../tools/catalog';
import { getLatestOutcomeForFile } from '../audit/evidence';
import type { EvidenceRequest } from './evidence-summary';
import type { AuditStore } from '../audit/store';

/** A diagnostic as the editor reports it (the VS Code side only converts its own type to this). */
export interface EditorDiagnostic {
  /** Workspace-relative, forward slashes. */
  path: string;
  /** 1-based line where it starts. */
  line: number;
  code?: string;
  severity: 'error' | 'warning' | 'information' | 'hint';
  message: string;
  /** The cursor is inside its range. */
  atCursor?: boolean;
}

/** What the editor knows when a request is made (seed 004 section 7: "UI: Gather Context"). */
export interface EvidenceInputs {
  /** The active editor's file, workspace-relative. */
  activeFile?: string;
  /** Diagnostics of the active file. */
  diagnostics?: readonly EditorDiagnostic[];
  /** Diagnostic codes known without an editor diagnostic (e.g. named in a plan); after the editor's. */
  diagnosticCodes?: readonly string[];
  /** Tools the request may need, for Q1/Q2; default all plan tools (any plan may use any of them). */
  tools?: readonly string[];
  /** Other files the request is about (e.g. the files a plan's steps touch). */
  files?: readonly string[];
  /** Text to find execution ids in for Q5 (the user's request, a plan's explanation). */
  text?: string;
}

/** Diagnostic codes beyond these add prompt length, not evidence the user is looking at. */
export const maxDiagnosticCodes = 5;

const severityRank: Record<EditorDiagnostic['severity'], number> = { error: 0, warning: 1, information: 2, hint: 3 };
const uuid = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** The diagnostics the user is most likely asking about first: at the cursor, then by severity, then by line. */
export function rankDiagnostics(diagnostics: readonly EditorDiagnostic[]): EditorDiagnostic[] {
  return [...diagnostics].sort(
    (a, b) => Number(Boolean(b.atCursor)) - Number(Boolean(a.atCursor)) || severityRank[a.severity] - severityRank[b.severity] || a.line - b.line,
  );
}

/** The prompt's "Current diagnostic" line: the top-ranked diagnostic, or undefined when there is none. */
export function currentDiagnosticText(diagnostics: readonly EditorDiagnostic[] | undefined): string | undefined {
  const [d] = rankDiagnostics(diagnostics ?? []);
  if (!d) return undefined;
  return `${d.code ? `${d.code} ` : ''}(${d.severity}) at ${d.path}#L${d.line}: ${d.message.split('\n')[0]}`;
}

/** Execution ids (Grounded's ids are UUIDs) mentioned in a text, in order, lower-cased, once each. */
export function executionIdsIn(text: string | undefined): string[] {
  return [...new Set([...(text ?? '').matchAll(uuid)].map((m) => m[0].toLowerCase()))];
}

/**
 * Turns what the editor knows into the subjects of the evidence queries: the tools (Q1/Q2), the
 * codes of the file's diagnostics, cursor first (Q3/Q8), the active and other files (Q4/Q6, and
 * Q7/Q8 narrowed to them), and for Q5 the executions the text names plus, with a store, the
 * latest execution about the active file (the run the user most plausibly asks about).
 */
export function buildEvidenceRequest(inputs: EvidenceInputs, store?: AuditStore): EvidenceRequest {
  const files = [...new Set([inputs.activeFile, ...(inputs.files ?? [])].filter((f): f is string => Boolean(f)))];
  const ranked = rankDiagnostics(inputs.diagnostics ?? []).map((d) => d.code);
  const diagnosticCodes = [...new Set([...ranked, ...(inputs.diagnosticCodes ?? [])].filter((c): c is string => Boolean(c)))].slice(0, maxDiagnosticCodes);
  const executionIds = executionIdsIn(inputs.text);
  const latest = store && inputs.activeFile ? getLatestOutcomeForFile(store, inputs.activeFile) : undefined;
  if (latest && !executionIds.includes(String(latest.id))) executionIds.push(String(latest.id));
  return { tools: [...(inputs.tools ?? toolNames)], files, diagnosticCodes, executionIds };
}
