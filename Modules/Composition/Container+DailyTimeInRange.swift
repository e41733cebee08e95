import Domain
import Data

extension Container {
    /// Time in range by day for the insulin calendar, read from the person's glucose readings.
    var dailyTimeInRange: DailyTimeInRange {
        DailyTimeInRange(documents: SQLiteNightscoutDocumentRepository(database: database))
    }
}
