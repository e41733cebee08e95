import Core
import Domain
import Foundation

/// Every table of the fake database, one per SQLite table that a repository reads (rows keyed
/// by the table's primary key). A row type that has no `deletedAt` of its own is wrapped with one
/// where the SQLite table keeps tombstones.
struct FakeTables: InMemoryTables {
    // MARK: Insulin
    var doses = FakeTable<Dose>()
    /// By id; an owner's settings are their earliest row.
    var insulinSettings = FakeTable<InsulinSettings>()

    // MARK: Accounts
    var accounts = FakeTable<Account>()
    var sessions = FakeTable<Session>()
    /// By email.
    var loginFailures = FakeTable<LoginFailures>()
    /// By `scope|client`.
    var clientThrottles = FakeTable<ClientThrottle>()

    // MARK: Quests
    var journeys = FakeTable<Journey>()
    var questEntries = FakeTable<StoredQuestEntry>()
    /// By id; an owner's settings are their earliest row.
    var questSettings = FakeTable<QuestSettings>()

    // MARK: Activities
    var activities = FakeTable<Activity>()
    var places = FakeTable<StoredPlace>()

    // MARK: Nutrition and body
    var foods = FakeTable<StoredFood>()
    /// By `owner|food`.
    var favorites = FakeTable<FoodFavorite>()
    /// By source.
    var foodTables = FakeTable<FoodTableRecord>()
    var dietEntries = FakeTable<DietEntry>()
    /// By owner.
    var nutritionGoals = FakeTable<NutritionGoals>()
    var weights = FakeTable<WeightEntry>()

    // MARK: Training
    var workouts = FakeTable<WorkoutSession>()
    /// By owner.
    var workoutSettings = FakeTable<WorkoutSettings>()
    var customExercises = FakeTable<StoredExercise>()
    var supplements = FakeTable<Supplement>()
    var intakes = FakeTable<SupplementIntake>()

    // MARK: The couple space
    var couples = FakeTable<Couple>()
    var invites = FakeTable<Invite>()
    /// By account.
    var joinFailures = FakeTable<JoinFailures>()
    /// By account.
    var locations = FakeTable<MemberLocation>()
    var moods = FakeTable<MoodEntry>()
    var meetings = FakeTable<Meeting>()
    /// Calendar events.
    var events = FakeTable<CalendarEvent>()
    var checks = FakeTable<CalendarCheck>()
    var care = FakeTable<CareItem>()
    var photos = FakeTable<CouplePhoto>()

    // MARK: Notifications
    var notifications = FakeTable<Domain.Notification>()
    var channels = FakeTable<NotificationChannel>()
    /// By owner.
    var quietHours = FakeTable<QuietHours>()

    // MARK: Caches (not user data)
    /// By key.
    var weather = FakeTable<CachedWeather>()
    /// By key.
    var clientCache = FakeTable<CachedPayload>()
}

// MARK: - Rows that keep more than their entity

/// A completed quest as stored: deleting wipes the texts and leaves a tombstone.
struct StoredQuestEntry: Equatable, Sendable {
    var entry: QuestEntry
    var deletedAt: Date?
}

struct StoredPlace: Equatable, Sendable {
    var place: Place
    var deletedAt: Date?
}

struct StoredExercise: Equatable, Sendable {
    let ownerID: String
    let exercise: Exercise
    let createdAt: Date
}

/// A food with what the tables keep beside it: every nutrient, and the tombstone of a Korean
/// food the table no longer lists.
struct StoredFood: Equatable, Sendable {
    var food: Food
    var nutrients: [FoodNutrient]
    var deletedAt: Date?
}

struct FoodFavorite: Equatable, Sendable {
    let ownerID: String
    let foodID: String
}

struct FoodTableRecord: Equatable, Sendable {
    let version: String
    let foods: Int
}

struct CachedWeather: Equatable, Sendable {
    let observation: WeatherObservation
    let fetchedAt: Date
}

struct CachedPayload: Equatable, Sendable {
    let payload: Data
    let savedAt: Date
}

// MARK: - The calls of the fakes

/// Every call of a fake that writes, or that a test can make fail, named as its protocol does.
enum FakeCall: String, Sendable, CaseIterable {
    case doseInsert = "DoseRepository.insert"
    case doseUpdate = "DoseRepository.update"
    case insulinSettingsSave = "InsulinSettingsRepository.save"

    case accountInsert = "AccountRepository.insert"
    case accountUpdate = "AccountRepository.update"
    case sessionInsert = "SessionRepository.insert"
    case sessionRevoke = "SessionRepository.revoke"
    case loginFailuresSave = "LoginFailureRepository.save"
    case loginFailuresClear = "LoginFailureRepository.clear"
    case clientThrottleSave = "ClientThrottleRepository.save"
    case clientThrottlesRemove = "ClientThrottleRepository.removeThrottles"

    case journeyInsert = "JourneyRepository.insert"
    case journeyUpdate = "JourneyRepository.update"
    case questEntryInsert = "QuestEntryRepository.insert"
    case questEntryUpdate = "QuestEntryRepository.update"
    case questEntriesDelete = "QuestEntryRepository.deleteEntries"
    case questSettingsSave = "QuestSettingsRepository.save"

    case activityInsert = "ActivityRepository.insert"
    case activityUpdate = "ActivityRepository.update"
    case placeSave = "PlaceRepository.save"
    case placeDelete = "PlaceRepository.delete"

    case foodUpsert = "FoodRepository.upsert"
    case foodSaveCustom = "FoodRepository.saveCustom"
    case foodSetFavorite = "FoodRepository.setFavorite"
    case foodTableRecord = "FoodTableRepository.recordTable"
    case foodUpsertKorean = "FoodTableRepository.upsertKorean"
    case foodApplyKoreanNames = "FoodTableRepository.applyKoreanNames"
    case dietInsert = "DietRepository.insert"
    case dietUpdate = "DietRepository.update"
    case dietSaveGoals = "DietRepository.saveGoals"
    case weightInsert = "WeightRepository.insert"
    case weightMarkDeleted = "WeightRepository.markDeleted"

    case workoutInsert = "WorkoutRepository.insert"
    case workoutUpdate = "WorkoutRepository.update"
    case workoutSaveSettings = "WorkoutRepository.saveSettings"
    case exerciseSaveCustom = "ExerciseRepository.saveCustom"
    case supplementSave = "SupplementRepository.save"
    case intakeInsert = "SupplementRepository.insert"

    case coupleInsert = "CoupleRepository.insert(Couple)"
    case coupleUpdate = "CoupleRepository.update(Couple)"
    case coupleErase = "CoupleRepository.erase"
    case inviteInsert = "CoupleRepository.insert(Invite)"
    case inviteUpdate = "CoupleRepository.update(Invite)"
    case joinFailuresSave = "CoupleRepository.save(JoinFailures)"
    case joinFailuresClear = "CoupleRepository.clearJoinFailures"
    case locationSave = "CoupleRepository.save(MemberLocation)"
    case moodSave = "CoupleRepository.save(MoodEntry)"
    case meetingSave = "CoupleRepository.save(Meeting)"
    case eventSave = "CoupleRepository.save(CalendarEvent)"
    case checkInsert = "CoupleRepository.insert(CalendarCheck)"
    case careSave = "CoupleRepository.save(CareItem)"
    case photoSave = "CoupleRepository.save(CouplePhoto)"

    case notificationInsert = "NotificationRepository.insert(Notification)"
    case notificationUpdate = "NotificationRepository.update(Notification)"
    case channelInsert = "NotificationRepository.insert(NotificationChannel)"
    case channelUpdate = "NotificationRepository.update(NotificationChannel)"
    case quietHoursSave = "NotificationRepository.save(QuietHours)"

    case weatherCached = "WeatherCacheRepository.cached"
    case weatherSave = "WeatherCacheRepository.save"
    case clientCacheSave = "ClientCache.save"
    case clientCacheRemove = "ClientCache.remove"
}
