import FoundationEssentials
import Core
import Data
import Domain
#if canImport(Glibc)
import Glibc
#endif

// Measurements that need one process (Scripts/bench/food): food searches through the
// repository against the same FTS5 queries run bare through SQLite, on a database that
// already holds the USDA table. Usage: tend-bench food-search DB [COUNT]
let arguments = CommandLine.arguments
guard arguments.count >= 3, arguments[1] == "food-search" else {
    FileDescriptorStream.standardError.write("usage: tend-bench food-search DB [COUNT]\n")
    exit(2)
}
let count = arguments.count > 3 ? Int(arguments[3]) ?? 1000 : 1000
let queries = ["salted butter", "chick bre", "milk", "apple", "egg", "rice", "bread", "banana", "oat", "cheese ched",
               "beef ground", "tofu", "salmon", "potato", "tomato", "yogurt", "pasta", "orange juice", "peanut butter", "broccoli",
               "spinach", "almond", "coffee", "tea", "carrot", "onion", "garlic", "pork chop", "turkey", "tuna"]

do {
    let database = try Database(path: arguments[2])
    let repository = SQLiteFoodRepository(database: database, clock: SystemClock())
    func measure(_ body: (String) throws -> Void) rethrows -> [Double] {
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for index in 0..<count {
            let started = ContinuousClock.now
            try body(queries[index % queries.count])
            let elapsed = ContinuousClock.now - started
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        return samples.sorted()
    }
    // Warm both paths once so that neither pays for first-use costs.
    for query in queries {
        _ = try repository.search(query, ownerID: "bench", limit: 10)
    }
    let bare = try measure { query in
        _ = try database.query(
            "SELECT f.id, f.name, f.kcal FROM foods_fts JOIN foods f ON f.rowid = foods_fts.rowid "
                + "WHERE foods_fts MATCH ? ORDER BY bm25(foods_fts) LIMIT 10",
            [.text(SQLiteFoodRepository.matchExpression(query)!)])
    }
    let repo = try measure { query in _ = try repository.search(query, ownerID: "bench", limit: 10) }
    // The repository's own statement run bare (no mapping to foods): what SQLite itself needs
    // for the ranking, the favourites and the measures.
    let full = try measure { query in
        _ = try database.query(SQLiteFoodRepository.searchSQL, SQLiteFoodRepository.searchArguments(query, ownerID: "bench", limit: 10))
    }
    func percentile(_ samples: [Double], _ p: Double) -> Double { samples[min(samples.count - 1, Int(Double(samples.count) * p))] }
    let output = """
        {"count": \(count), "repository_p50_ms": \(percentile(repo, 0.5)), "repository_p99_ms": \(percentile(repo, 0.99)), \
        "fts5_p50_ms": \(percentile(bare, 0.5)), "fts5_p99_ms": \(percentile(bare, 0.99)), \
        "same_sql_p50_ms": \(percentile(full, 0.5)), "same_sql_p99_ms": \(percentile(full, 0.99))}

        """
    FileDescriptorStream.standardOutput.write(output)
} catch {
    FileDescriptorStream.standardError.write("error: \(error)\n")
    exit(1)
}
