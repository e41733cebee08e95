import FoundationEssentials
import Core

/// How glucose is shown. Values are kept in mg/dL inside; mmol/L is mg/dL divided by 18.0156
/// (glucose's molar mass, 180.156 g/mol, over ten), as CGM apps convert.
public enum GlucoseUnit: String, Sendable, Codable, CaseIterable {
    case mgdl = "mg/dL"
    case mmol = "mmol/L"

    public static let mgdlPerMmol = 18.0156

    /// `mg/dl`, `mgdl`, `mmol`, `mmol/l` in any case.
    public init?(text: String) {
        switch text.trimmed.lowercased().replacing("/", with: "") {
        case "mgdl": self = .mgdl
        case "mmol", "mmoll": self = .mmol
        default: return nil
        }
    }

    /// Nightscout's spelling in `status.json` and profiles.
    public var nightscoutName: String { self == .mgdl ? "mg/dl" : "mmol" }

    public func value(ofMgdl mgdl: Double) -> Double {
        self == .mgdl ? mgdl : mgdl / Self.mgdlPerMmol
    }

    public func mgdl(of value: Double) -> Double {
        self == .mgdl ? value : value * Self.mgdlPerMmol
    }

    /// `142` in mg/dL, `7.9` in mmol/L.
    public func format(mgdl: Double) -> String {
        switch self {
        case .mgdl: return String(Int(mgdl.rounded()))
        case .mmol:
            let tenths = Int((value(ofMgdl: mgdl) * 10).rounded())
            return "\(tenths / 10).\(abs(tenths % 10))"
        }
    }
}

/// One glucose value at one instant, in mg/dL: what the statistics and the dose report read.
public struct GlucosePoint: Sendable, Equatable {
    public let time: Date
    public let mgdl: Double

    public init(time: Date, mgdl: Double) {
        self.time = time
        self.mgdl = mgdl
    }
}

/// The values a glucose reading may take: CGMs report 40–400 mg/dL (Dexcom writes "Low" and
/// "High" outside it), meters 10–600. Anything else is a unit mix-up or a damaged file.
public enum GlucoseRange {
    public static let plausible: ClosedRange<Double> = 10...600
    /// What a CGM's "Low" and "High" stand for (Dexcom's reporting limits).
    public static let cgmLow = 40.0
    public static let cgmHigh = 400.0
}
