export declare const ROOT: string;
export declare function buildStaleReason(): string | null;
export declare function run(command: string, args: string[], options?: import("node:child_process").SpawnOptions): Promise<number>;
export declare function ensureBuild(options?: { quiet?: boolean }): Promise<boolean>;
