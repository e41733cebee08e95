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

    /// A read that can run before a write's lock and be checked once it is taken: a SELECT.
    static func isCheckableRead(_ sql: String) -> Bool {
        sql.drop { $0 == " " || $0 == "\n" || $0 == "\t" }.prefix(6).uppercased() == "SELECT"
    }

    /// One row, `h`: an MD5 of `sql`'s rows as text, in their order.
    static func hashed(_ sql: String) -> String {
        "SELECT md5(coalesce(string_agg(u.r, E'\\n' ORDER BY u.n), '')) AS h FROM "
            + "(SELECT t::text AS r, row_number() OVER () AS n FROM (\(sql)\n) AS t) AS u" // \n: a trailing -- comment ends
    }

    /// `sql` read again: fails (`PostgresError.readChangedMarker`) unless its rows hash to the
    /// value given after `sql`'s own. The failure is a cast of the new hash, so that the planner
    /// cannot fold it into a constant and raise it whatever the rows.
    static func unchanged(_ sql: String) -> String {
        "SELECT CASE WHEN s.h = e.expected THEN 1 ELSE CAST('\(PostgresError.readChangedMarker) ' || s.h AS integer) END AS unchanged "
            + "FROM (\(hashed(sql))) AS s CROSS JOIN (SELECT CAST(? AS text) AS expected) AS e"
    }

    /// Whether a statement only reads: run outside a transaction, it needs no write lock.
    static func isRead(_ sql: String) -> Bool {
        let word = sql.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "(" }.prefix(6).uppercased()
        return word.hasPrefix("SELECT") || word.hasPrefix("VALUES") || word.hasPrefix("SHOW")
    }
}
