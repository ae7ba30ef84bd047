/** Types of engines.mjs (plain JavaScript: scripts/test-all.mjs reads it with Node alone). */
export declare const PGLITE_ONLY: readonly string[];
export declare const BOTH_ENGINES: readonly string[];
export declare const POSTGRES_ONLY: readonly string[];
