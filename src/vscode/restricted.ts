/** What every surface says in an untrusted workspace (capabilities.untrustedWorkspaces is "limited"). */
export const RESTRICTED_NOTICE = 'Restricted mode: Grounded answers, but runs no tools, makes no edits and fetches no URLs in an untrusted workspace.';
