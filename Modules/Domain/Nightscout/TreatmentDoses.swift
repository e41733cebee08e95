import FoundationEssentials
import Core

/// Insulin is one truth: a treatment with insulin becomes doses of the insulin log, and every
/// dose is shown to Nightscout clients as a treatment.
public enum TreatmentDoses {
    /// One insulin a treatment gave.
    public struct Injection: Sendable, Equatable {
        public let kind: InsulinKind
        /// To 0.01 u as sent (pumps deliver 0.05 u steps; the 0.5 u step is for typed doses).
        public let units: Double
        /// The insulin's name when the client gave one (`Toujeo`).
        public let name: String?
    }

    /// The eventType Tend writes for a long-acting dose: Nightscout has none for a basal
    /// injection and shows an unknown one as it is; a treatment sent back with it is long-acting.
    public static let longEventType = "Basal Injection"
    public static let rapidEventType = "Correction Bolus"

    /// The injections of a treatment: xDrip+'s `insulinInjections` (a JSON text or array of
    /// `{insulin, units}`), one per insulin named; else its `insulin`, long-acting when its
    /// eventType says basal, AndroidAPS marks it `isBasalInsulin`, or `insulinType` (Loop) names a
    /// long-acting insulin. None for a
    /// `Temp Basal` (a pump's rate, not an injection) or a treatment without insulin.
    public static func injections(of document: DocumentValue, settings: InsulinSettings?) throws -> [Injection] {
        let eventType = document["eventType"]?.string ?? ""
        if eventType.lowercased().hasPrefix("temp basal") { return [] }
        if let listed = try listedInjections(document["insulinInjections"]), !listed.isEmpty {
            return try listed.map { name, units in
                Injection(kind: InsulinBrands.kind(of: name, settings: settings).kind, units: try checked(units), name: name)
            }
        }
        guard let value = document["insulin"], value != .null else { return [] }
        guard let units = value.number else {
            throw AppError.invalidInput("insulin must be a number of units", code: "invalid_insulin")
        }
        if units == 0 { return [] }
        let named = document["insulinType"]?.string?.nilIfBlank
        let kind: InsulinKind
        if eventType.lowercased().contains("basal") || document["isBasalInsulin"] == .bool(true) {
            kind = .long
        } else if let named {
            kind = InsulinBrands.kind(of: named, settings: settings).kind
        } else {
            kind = .rapid
        }
        return [Injection(kind: kind, units: try checked(units), name: named)]
    }

    static func listedInjections(_ value: DocumentValue?) throws -> [(String, Double)]? {
        guard let value, value != .null else { return nil }
        var list = value
        if case .string(let text) = value {
            guard !text.trimmed.isEmpty else { return nil }
            guard let parsed = try? DocumentValue.parse(text) else {
                throw AppError.invalidInput("insulinInjections must be a JSON list of {insulin, units}", code: "invalid_insulin")
            }
            list = parsed
        }
        guard case .array(let items) = list else {
            throw AppError.invalidInput("insulinInjections must be a list of {insulin, units}", code: "invalid_insulin")
        }
        return try items.compactMap { item in
            guard let name = item["insulin"]?.string?.trimmed, !name.isEmpty, let units = item["units"]?.number else {
                throw AppError.invalidInput("each of insulinInjections needs an insulin name and its units", code: "invalid_insulin")
            }
            return units == 0 ? nil : (name, units)
        }
    }

    /// Units above 0 and at most 100, kept to 0.01.
    static func checked(_ units: Double) throws -> Double {
        guard units.isFinite, units > 0, units <= DoseRules.maximumUnits else {
            throw AppError.invalidInput("insulin must be more than 0 and at most 100 units (got \(formatUnits(units)))",
                                        code: "invalid_insulin")
        }
        return max(0.01, (units * 100).rounded() / 100)
    }

    /// A dose as Nightscout clients read a treatment: `insulin`, `created_at` in UTC with
    /// milliseconds, `utcOffset` in the settings' zone, `enteredBy`, and `insulinInjections`
    /// naming the insulin as xDrip+ writes it. A long-acting dose has eventType `Basal Injection`,
    /// a rapid one `Correction Bolus`.
    public static func treatment(for dose: Dose, settings: InsulinSettings) -> DocumentValue {
        var fields: [String: DocumentValue] = [
            "_id": .string(dose.id),
            "eventType": .string(dose.kind == .long ? longEventType : rapidEventType),
            "insulin": .number(dose.units),
            "created_at": .string(NightscoutDocuments.isoUTC(dose.takenAt)),
            "utcOffset": .number(Double(settings.timeZone.secondsFromGMT(for: dose.takenAt) / 60)),
            "enteredBy": .string("tend"),
            "insulinInjections": .string(injectionsText([(settings.name(of: dose.kind), dose.units)])),
            "insulinKind": .string(dose.kind.rawValue),
        ]
        if let note = dose.note { fields["notes"] = .string(note) }
        return .object(fields)
    }

    /// `[{"insulin":"Toujeo","units":20.0}]`, as xDrip+ writes it (a JSON text in a string).
    public static func injectionsText(_ list: [(String, Double)]) -> String {
        "[" + list.map { name, units in
            let number = units == units.rounded() ? DocumentValue.format(units) + ".0" : String(units)
            return "{\"insulin\":\(name.jsonQuoted),\"units\":\(number)}"
        }.joined(separator: ",") + "]"
    }

    /// A stored treatment as it is read now: when the doses it made were edited or deleted in
    /// Tend, its `insulin` and `insulinInjections` follow them; nil when no dose is left and
    /// the treatment held nothing else (no carbs, no notes).
    public static func current(_ document: DocumentValue, doses: [Dose], madeCount: Int, settings: InsulinSettings) -> DocumentValue? {
        guard madeCount > 0 else { return document }
        var document = document
        let total = (doses.reduce(0) { $0 + $1.units } * 100).rounded() / 100
        if doses.count == madeCount, let sent = try? injections(of: document, settings: settings),
           abs(sent.reduce(0) { $0 + $1.units } - total) < 0.005 {
            return document
        }
        if doses.isEmpty {
            document["insulin"] = nil
            document["insulinInjections"] = nil
            let carbs = document["carbs"]?.number ?? 0
            return carbs > 0 || document["notes"]?.string?.nilIfBlank != nil ? document : nil
        }
        document["insulin"] = .number(total)
        if document["insulinInjections"] != nil {
            document["insulinInjections"] = .string(injectionsText(doses.map { (settings.name(of: $0.kind), $0.units) }))
        }
        return document
    }
}
