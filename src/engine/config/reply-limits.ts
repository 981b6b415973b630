/** How long a model's reply may take, per provider (query.yaml llm_idle_timeout_seconds and its deadline). */
export interface ReplyLimits {
  /** Longest wait for the next piece of a reply (the first one included). */
  idleTimeoutMs: number;
  /** Longest a whole reply may take, however steadily it trickles in. */
  deadlineMs: number;
}
