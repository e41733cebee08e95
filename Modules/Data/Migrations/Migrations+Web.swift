/// The web app's additions. Append only: a landed migration never changes.
extension TendMigrations {
    /// A session's kind (`api` for a bearer token, `browser` for a cookie) and the browser's
    /// label, so that the account's session list tells them apart. Existing sessions are tokens.
    static let sessionKinds = Migration("0013_session_kinds", """
            ALTER TABLE sessions ADD COLUMN kind TEXT NOT NULL DEFAULT 'api';
            ALTER TABLE sessions ADD COLUMN label TEXT;
            CREATE INDEX sessions_account ON sessions (account_id, expires_at);
            """)
}
