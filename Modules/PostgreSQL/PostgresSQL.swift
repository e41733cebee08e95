import Core
import Data

/// Statements are written once with SQLite's placeholders; PostgreSQL numbers its own. `?` is
/// the next number after the highest so far and `?N` is `N` (SQLite's rule), so both forms map
/// to `$N` alike. Quoted text, quoted names and comments are copied unchanged.
enum PostgresSQL {
    static func numbered(_ sql: String) -> String {
        var output = ""
        output.reserveCapacity(sql.utf8.count + 16)
        var highest = 0
        var characters = Array(sql.unicodeScalars)[...]
        var quote: Unicode.Scalar?
        var lineComment = false, blockComment = false
        while let character = characters.popFirst() {
            if lineComment {
                if character == "\n" { lineComment = false }
                output.unicodeScalars.append(character)
                continue
            }
            if blockComment {
                if character == "*", characters.first == "/" { blockComment = false }
                output.unicodeScalars.append(character)
                continue
            }
            if let open = quote {
                if character == open { quote = nil } // a doubled quote closes and opens again: same result
                output.unicodeScalars.append(character)
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
            case "-" where characters.first == "-":
                lineComment = true
            case "/" where characters.first == "*":
                blockComment = true
            case "?":
                var digits = ""
                while let next = characters.first, next.properties.numericType != nil, ("0"..."9").contains(next) {
                    digits.unicodeScalars.append(next)
                    characters.removeFirst()
                }
                let number = Int(digits) ?? highest + 1
                highest = max(highest, number)
                output += "$\(number)"
                continue
            default:
                break
            }
            output.unicodeScalars.append(character)
        }
        return output
    }

    /// A read that can run before a write's lock and be checked once it is taken: a SELECT that
    /// calls none of the functions that change something (run again to be checked, they would
    /// change it again). Read over the bytes, as PostgreSQL folds a name's case (ASCII letters
    /// only): it runs for every read of every write, and a search of the lowercased text for
    /// each name took a third of a dose POST's instructions in the server.
    static func isCheckableRead(_ sql: String) -> Bool {
        var sql = sql
        return sql.withUTF8 { bytes in
            var start = 0
            while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\n")
                || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            return matches(select, in: bytes, at: start)
                && !(start..<bytes.count).contains { at in changingFunctions.contains { matches($0, in: bytes, at: at) } }
        }
    }

    private static let select = Array("select".utf8)
    private static let changingFunctions = ["nextval(", "setval(", "set_config(", "pg_notify(", "pg_advisory", "pg_try_advisory"]
        .map { Array($0.utf8) }

    /// Whether `name` (lowercase) stands in `bytes` at `at`, whatever the case of its letters.
    private static func matches(_ name: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at: Int) -> Bool {
        guard name.count <= bytes.count - at else { return false }
        for (offset, expected) in name.enumerated() {
            let byte = bytes[at + offset]
            let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            if lowered != expected { return false }
        }
        return true
    }

    /// A read's two wrappings: `withRowText`, sent before the lock, and `unchanged`, its check.
    struct Wrapped {
        let withRowText: String
        let unchanged: String
    }

    /// The wrappings of a read, made once a text: every write's reads before its lock are
    /// wrapped twice, and building the two texts took a tenth of a dose POST's instructions in
    /// the server. The same strings each time also let the prepared statements' lookup compare
    /// them at once. At most `wrappedLimit` texts are kept: the product's reads are fixed texts,
    /// but one with values written into it would be new every time.
    static func wrapped(_ sql: String) -> Wrapped {
        let key = StatementKey(sql)
        if let known = wrappedReads.withLock({ $0[key] }) { return known }
        let made = Wrapped(withRowText: withRowText(sql), unchanged: unchanged(sql))
        wrappedReads.withLock { known in if known.count < wrappedLimit { known[key] = made } }
        return made
    }

    private static let wrappedReads = Locked<[StatementKey: Wrapped]>([:])
    static let wrappedLimit = 1024

    /// `sql`'s rows with the text of each row's record in one more column, the last: the rows a
    /// write decides on and the text its lock's check compares come from one statement, so from
    /// one snapshot. (As two statements under READ COMMITTED they saw two: a commit between
    /// them was in the text and not in the rows, and the check then passed a write decided on
    /// rows that were no longer there.) The alias is one no column of `sql` can be named, so
    /// that its record is never taken for a column.
    static func withRowText(_ sql: String) -> String {
        "SELECT \(readAlias).*, \(readAlias)::text FROM (\(subquery(sql))) AS \(readAlias)"
    }

    private static let readAlias = "\"tend: read\""

    /// A statement as the inside of a subquery: without the `;` that may end it, and with a
    /// newline after it, so that a trailing `--` comment ends before the parenthesis.
    private static func subquery(_ sql: String) -> String {
        var body = Substring(sql)
        while let last = body.last, last == ";" || last.isWhitespace { body.removeLast() }
        return body + "\n"
    }

    /// `sql` read again: fails (`PostgresError.readChangedMarker`) unless its rows' texts, joined
    /// by newlines, are the text given after `sql`'s own values. The failure is a cast of the rows'
    /// MD5 (never of the rows: the server logs it), which the planner cannot fold into a constant
    /// and raise whatever the rows.
    static func unchanged(_ sql: String) -> String {
        "SELECT CASE WHEN s.r = e.expected THEN 1 ELSE CAST('\(PostgresError.readChangedMarker) ' || md5(s.r) AS integer) END "
            + "AS unchanged FROM (SELECT coalesce(string_agg(\(readAlias)::text, E'\\n'), '') AS r "
            + "FROM (\(subquery(sql))) AS \(readAlias)) AS s "
            + "CROSS JOIN (SELECT CAST(? AS text) AS expected) AS e"
    }

    /// Whether a statement only reads: run outside a transaction, it needs no write lock.
    static func isRead(_ sql: String) -> Bool {
        let word = sql.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "(" }.prefix(6).uppercased()
        return word.hasPrefix("SELECT") || word.hasPrefix("VALUES") || word.hasPrefix("SHOW")
    }
}
