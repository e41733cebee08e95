import FoundationEssentials
import Core

/// Nightscout's API v1 for each account, built once by the container: the credentials, the
/// three collections, the profile and the status; and the glucose unit shown everywhere.
public struct NightscoutUseCases: Sendable {
    /// The Nightscout version `status.json` reports: clients check it, and Tend answers the
    /// API v1 of Nightscout 15.
    public static let nightscoutVersion = "15.0.2"

    public let clock: any Clock
    public let credentials: NightscoutCredentials
    public let treatments: NightscoutTreatments
    public let entries: NightscoutEntries
    let insulinSettings: InsulinSettingsService
    let glucoseSettings: any GlucoseSettingsRepository
    let transactor: any Transactor

    public init(credentials: NightscoutCredentials, documents: any NightscoutDocumentRepository, doses: any DoseRepository,
                insulinSettings: InsulinSettingsService, glucoseSettings: any GlucoseSettingsRepository,
                warnings: any DoseWarningRepository, transactor: any Transactor, clock: any Clock, events: any DomainEventSink) {
        self.clock = clock
        self.credentials = credentials
        self.insulinSettings = insulinSettings
        self.glucoseSettings = glucoseSettings
        self.transactor = transactor
        treatments = NightscoutTreatments(documents: documents, doses: doses, settings: insulinSettings, warnings: warnings,
                                          transactor: transactor, clock: clock, events: events)
        entries = NightscoutEntries(documents: documents, transactor: transactor, clock: clock)
    }

    public func unit(ownerID: String) throws -> GlucoseUnit {
        try glucoseSettings.unit(ownerID: ownerID) ?? .mgdl
    }

    public func setUnit(_ unit: GlucoseUnit, ownerID: String) throws {
        try transactor.write { try glucoseSettings.save(unit: unit, ownerID: ownerID, at: clock.now) }
    }

    /// `status.json`: the generic fields for anyone; the account's units once a credential checked out.
    public func status(for access: NightscoutAccess?) throws -> DocumentValue {
        let now = clock.now
        let units = try access.map { try unit(ownerID: $0.ownerID) } ?? .mgdl
        return .object([
            "status": "ok", "name": "Tend", "version": .string(Self.nightscoutVersion),
            "serverTime": .string(NightscoutDocuments.isoUTC(now)),
            "serverTimeEpoch": .number(NightscoutDocuments.milliseconds(now)),
            "apiEnabled": .bool(true), "careportalEnabled": .bool(true), "boluscalcEnabled": .bool(false),
            "runtimeState": "loaded",
            "settings": .object([
                "units": .string(units.nightscoutName), "timeFormat": 24, "customTitle": "Tend",
                "enable": .array(["careportal", "iob", "basal", "rawbg"]), "authDefaultRoles": "denied",
                "thresholds": .object(["bgHigh": 250, "bgTargetTop": 180, "bgTargetBottom": 70, "bgLow": 54]),
            ]),
            "authorized": access.map { .object(["role": .string($0.role.rawValue), "name": .string($0.name)]) } ?? .null,
        ])
    }

    /// The profile, from the insulin settings: units, time zone and the two named insulins.
    /// Tend keeps no carb ratios, sensitivities or basal rates, so those lists are empty;
    /// `dia` is Nightscout's default.
    public func profile(ownerID: String) throws -> DocumentValue {
        let settings = try insulinSettings.current(ownerID: ownerID)
        let units = try unit(ownerID: ownerID).nightscoutName
        let started = NightscoutDocuments.isoUTC(settings.createdAt)
        func insulin(_ kind: InsulinKind) -> DocumentValue {
            .object(["name": .string(settings.name(of: kind)), "kind": .string(kind.rawValue),
                     "default_units": .number(settings.defaultUnits(of: kind))])
        }
        return .object([
            "_id": .string(settings.id), "defaultProfile": "Default", "startDate": .string(started),
            "mills": .number(NightscoutDocuments.milliseconds(settings.createdAt)), "created_at": .string(started),
            "units": .string(units), "enteredBy": "tend",
            "store": .object(["Default": .object([
                "dia": 3, "timezone": .string(settings.timeZoneIdentifier), "units": .string(units), "delay": 20, "carbs_hr": 20,
                "carbratio": .array([]), "sens": .array([]), "basal": .array([]), "target_low": .array([]),
                "target_high": .array([]), "startDate": "1970-01-01T00:00:00.000Z",
            ])]),
            "insulins": .array([insulin(.long), insulin(.rapid)]),
        ])
    }
}
