export declare const LOCAL_SERVER_URL: string;
export declare function localPostgresAnswers(url?: string): Promise<boolean>;
export declare function createDatabase(serverUrl?: string, prefix?: string): Promise<string>;
export declare function dropDatabase(databaseUrl: string): Promise<void>;
export declare function dropDatabasesWithPrefix(serverUrl: string, prefix: string): Promise<number>;
