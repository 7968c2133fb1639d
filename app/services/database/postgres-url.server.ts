/** The database's host and name, never its password, for the start-up lines and errors. */
export function describePostgres(url: string) {
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
}
