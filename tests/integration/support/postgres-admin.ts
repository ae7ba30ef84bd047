import pg from "pg";

/** The URL of another database on the same server. */
export function withDatabaseName(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

export async function adminQuery(serverUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** 55006: the database is still being accessed (a connection that has just closed may linger for a moment). */
async function whileAccessed(run: () => Promise<void>): Promise<boolean> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await run();
      return true;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006") throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return false;
}

/** CREATE DATABASE, empty or as a copy of a template database (which must have no connection left). */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  const query = template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`;
  if (!(await whileAccessed(() => adminQuery(serverUrl, query)))) {
    throw new Error(`Could not copy the template database ${template}: it is still in use.`);
  }
}

/**
 * Drops a test database once its connections are gone; FORCE only as a last resort, so that a
 * connection still saying goodbye is not killed mid-way (its client would raise an uncaught error).
 */
export async function dropWhenClosed(serverUrl: string, name: string): Promise<void> {
  if (await whileAccessed(() => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}"`))) return;
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
