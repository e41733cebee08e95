/// Sync's stamping on PostgreSQL, done by the database as each change is recorded: a change's
/// hybrid logical clock and id are set by a trigger on `sync_changes`, so a write's COMMIT goes
/// in the same round trip as its statements. On SQLite, in process, `SQLiteSyncStore.stamp`
/// stamps before the commit instead; the two hand out the same clocks (`HybridLogicalClock.now`).
///
/// Every write sets `tend.wall` (the server's clock, ms) and `tend.node` (its device id) for the
/// transaction in the statement that takes its write lock (`SQLiteSyncStore.stampingSettings`,
/// `PostgresDatabase.lock`): no trigger fires before, and every one after runs under the lock,
/// so clocks follow seq order across servers. The clock handed out last is kept in `tend.hlc`
/// for the rest of the transaction and saved in `sync_state` before the COMMIT; each stamp
/// starts from the later of it and the saved clock (which a change received from a device may
/// have moved on in the same transaction). Outside such a write (none is made), it falls back
/// to the database's clock and `server`.
extension PostgresSyncTriggers {
    static let stamping = stampFunction(create: "CREATE FUNCTION", checks: "") + """
        CREATE TRIGGER sync_changes_stamp BEFORE INSERT ON sync_changes FOR EACH ROW EXECUTE FUNCTION sync_changes_stamp();

        """

    /// The stamp's trigger function, as pg_0003 made it (`CREATE FUNCTION`, no checks) or made
    /// again with `checks` first (`pg_0005_checks_in_triggers`). No default: a later migration
    /// that makes it again must give the checks, or it drops them.
    static func stampFunction(create: String, checks: String) -> String {
        """
        \(create) sync_changes_stamp() RETURNS trigger LANGUAGE plpgsql AS $fn$
        DECLARE
            wall bigint;
            last text;
            physical bigint;
            counter integer := 0;
        BEGIN
        \(checks)    IF NEW.clock IS NOT NULL THEN RETURN NEW; END IF;
            wall := coalesce(nullif(current_setting('tend.wall', true), '')::bigint,
                             floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint);
            physical := wall;
            last := greatest(nullif(current_setting('tend.hlc', true), '') COLLATE "C",
                             (SELECT value FROM sync_state WHERE key = 'hlc') COLLATE "C");
            IF last IS NOT NULL AND left(last, 13)::bigint >= wall THEN
                physical := left(last, 13)::bigint;
                counter := ('x' || lpad(substr(last, 15, 4), 8, '0'))::bit(32)::integer + 1;
                IF counter > 65535 THEN
                    physical := physical + 1;
                    counter := 0;
                END IF;
            END IF;
            IF physical > 9999999999999 THEN
                RAISE EXCEPTION 'the clock reached its end (year 2286)';
            END IF;
            NEW.clock := lpad(physical::text, 13, '0') || '-' || lpad(to_hex(counter), 4, '0') || '-'
                || coalesce(nullif(current_setting('tend.node', true), ''), 'server');
            -- UUID version 7: the wall's 48 bits of ms over a random UUID's bytes, version bits 0111.
            NEW.change_id := encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
                PLACING substring(int8send(wall) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid::text;
            PERFORM set_config('tend.hlc', NEW.clock, true);
            RETURN NEW;
        END $fn$;

        """
    }

    /// At a write's COMMIT, when its children marked parents (`sync_dirty`): one change per
    /// parent, stamped by the trigger as it is recorded, then the clock saved again (the client's
    /// `clockSaved` ran before these stamps). A deferred constraint trigger, so that a write that
    /// marks nothing — nearly every write — sends and runs nothing for it: sent with every
    /// COMMIT, the statement's start-up alone (an INSERT into `sync_changes` per parent table)
    /// cost a fifth of PostgreSQL's CPU a dose POST. It fires once a marked row; the first
    /// firing records every parent, the later ones find their row gone. Made from
    /// `SyncSchema.tables` as the child triggers of 0010 are: a parent or child that joins sync
    /// later needs a migration that makes this function again.
    static let dirtyParentsAtCommit = """
        CREATE FUNCTION sync_dirty_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
        DECLARE recorded bigint;
        BEGIN
            IF NOT EXISTS (SELECT 1 FROM sync_dirty WHERE table_name = NEW.table_name AND record_id = NEW.record_id) THEN
                RETURN NULL;
            END IF;
            \(dirtyParentChanges) INTO recorded FROM dirty;
            \(clockSaved);
            RETURN NULL;
        END $fn$;
        CREATE CONSTRAINT TRIGGER sync_dirty_record AFTER INSERT ON sync_dirty DEFERRABLE INITIALLY DEFERRED
            FOR EACH ROW EXECUTE FUNCTION sync_dirty_record();

        """

    /// One change per dirty parent, in one statement for every parent table (its count selected
    /// by the caller).
    static let dirtyParentChanges: String = {
        let parents = SyncSchema.tables.filter { !$0.children.isEmpty }
        let inserts = parents.enumerated().map { index, table in
            "p\(index) AS (INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields) "
                + "SELECT p.owner_id, '\(table.name)', p.id, 'update', \(childrenObject(table, row: "p")) FROM \(table.name) p "
                + "JOIN dirty ON dirty.table_name = '\(table.name)' AND dirty.record_id = p.id WHERE p.owner_id IS NOT NULL RETURNING 1)"
        }
        return "WITH dirty AS (DELETE FROM sync_dirty RETURNING table_name, record_id)"
            + inserts.map { ", " + $0 }.joined() + " SELECT count(*)"
    }()

    /// Before a write's COMMIT: the clock the trigger handed out last saved, unless the saved
    /// one is later (moved on by a change received meanwhile); nothing when it stamped nothing.
    static let clockSaved = """
        INSERT INTO sync_state (key, value) SELECT 'hlc', clock FROM (SELECT nullif(current_setting('tend.hlc', true), '') AS clock) t
        WHERE clock IS NOT NULL
        ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE sync_state.value COLLATE "C" < excluded.value COLLATE "C"
        """
}
