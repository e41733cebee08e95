// swift-tools-version: 6.0
import PackageDescription

// MARK: - System libraries (C, from Debian's -dev packages)

let systemLibraries: [Target] = [
    .systemLibrary(
        name: "CSQLite",
        path: "Modules/System/CSQLite",
        pkgConfig: "sqlite3",
        providers: [.apt(["libsqlite3-dev"])]
    ),
]

// MARK: - Shared modules

let sharedModules: [Target] = [
    .target(name: "Core", path: "Modules/Core"),
    .target(name: "Domain", dependencies: ["Core"], path: "Modules/Domain"),
    .target(name: "Data", dependencies: ["Core", "Domain", "CSQLite"], path: "Modules/Data"),
    .target(name: "Console", dependencies: ["Core"], path: "Modules/Console"),
]

// MARK: - Features (presentation: CLI commands, later HTTP routes)

let features: [Target] = [
    .target(
        name: "InsulinFeature",
        dependencies: ["Core", "Domain", "Console"],
        path: "Modules/Features/InsulinFeature"
    ),
]

// MARK: - Composition (the DI container)

let composition: [Target] = [
    .target(
        name: "Composition",
        dependencies: ["Core", "Domain", "Data", "Console", "InsulinFeature"],
        path: "Modules/Composition"
    ),
]

// MARK: - Apps

let apps: [Target] = [
    .executableTarget(
        name: "tend",
        dependencies: ["Composition", "Console", "Core"],
        path: "Apps/TendCLI"
    ),
]

// MARK: - Tests (one target per module, plus the built binaries end to end)

let tests: [Target] = [
    .testTarget(name: "CoreTests", dependencies: ["Core"]),
    .testTarget(name: "DomainTests", dependencies: ["Domain", "Core"]),
    .testTarget(name: "DataTests", dependencies: ["Data", "Domain", "Core"]),
    .testTarget(name: "ConsoleTests", dependencies: ["Console", "Core"]),
    .testTarget(name: "InsulinFeatureTests", dependencies: ["InsulinFeature", "Composition", "Console", "Domain", "Core"]),
    .testTarget(name: "CompositionTests", dependencies: ["Composition", "Domain", "Core"]),
    .testTarget(name: "EndToEndTests", dependencies: ["tend"]),
]

let package = Package(
    name: "Tend",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tend", targets: ["tend"]),
    ],
    targets: systemLibraries + sharedModules + features + composition + apps + tests,
    swiftLanguageModes: [.v6]
)
