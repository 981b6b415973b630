/** `/help`: what @grounded does and how to ask. */
export const CHAT_HELP = `**@grounded** answers questions about the code in this workspace, from that code, and cites every claim as \`path#Lstart-Lend\` (click a citation to open the lines). Citations that do not match what was sent are marked unverified.

**Commands**
- \`@grounded <question>\` or \`/ask <question>\`: search the workspace and answer.
- \`/explain\`: explain the current selection, or the symbol at the cursor (else the lines on screen).
- \`/plan <change>\`: propose a change as a validated plan; every edit is shown as a diff to accept or reject.
- \`/mentions\`: how to point Grounded at files, searches and URLs.

**Elsewhere**: the Grounded view in the side bar (its pin icon, or Ctrl+Alt+G) asks the same way;
in the Command Palette, \`Grounded: Propose a change…\`, \`Grounded: Reconstruct run…\` (a past plan, step by step, from the audit log) and \`Grounded: Show What Grounded Can See\`.

**Privacy**: every byte sent to a model passes one scrubber of secrets and personal data first; files hidden by \`.gitignore\` or \`.agentignore\` are never read. With no model configured you still get the ranked snippets.`;

/** `/mentions`: how to attach context. */
export const MENTIONS_HELP = `**Attaching context**
- \`#file\` and \`#selection\` (VS Code's own references, from the Add Context button or by typing \`#\`): the file or selection is sent first, through the same scrubber; a file hidden by an ignore rule is refused, with the rule quoted.
- \`@path/to/file.ts\`, \`@file.ts#L10-20\`: a file or a line range (open editors first, then the workspace).
- \`@src/auth/\`: a folder (with its slash): the search keeps to it.
- \`@search:"literal text"\`, \`@grep:"regex"\`: matches with their lines.
- \`@url:https://…\` (or just \`@https://…\`): a web page as text (public addresses only; not in untrusted workspaces).

Example: \`@grounded how does @src/http/client.ts#L20-35 handle Retry-After?\``;
