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
    .systemLibrary(
        name: "CLibXML2", // loaded with dlopen when used, never linked: see its shim.h
        path: "Modules/System/CLibXML2",
        providers: [.apt(["libxml2-dev"])]
    ),
    .systemLibrary(
        name: "CLibZip", // loaded with dlopen when used: see its shim.h
        path: "Modules/System/CLibZip",
        providers: [.apt(["libzip-dev"])]
    ),
    .systemLibrary(
        name: "CMicroHTTPD",
        path: "Modules/System/CMicroHTTPD",
        pkgConfig: "libmicrohttpd",
        providers: [.apt(["libmicrohttpd-dev"])]
    ),
    .systemLibrary(
        name: "CSodium",
        path: "Modules/System/CSodium",
        pkgConfig: "libsodium",
        providers: [.apt(["libsodium-dev"])]
    ),
    .systemLibrary(
        name: "CCurl", // loaded with dlopen when used, never linked: see its shim.h
        path: "Modules/System/CCurl",
        providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .systemLibrary(
        name: "CPQ", // linked only by tend-server, through the PostgreSQL module
        path: "Modules/System/CPQ",
        pkgConfig: "libpq",
        providers: [.apt(["libpq-dev"])]
    ),
]

// MARK: - Shared modules

let sharedModules: [Target] = [
    .target(name: "Core", path: "Modules/Core"),
    .target(name: "Domain", dependencies: ["Core"], path: "Modules/Domain"),
    .target(name: "Data", dependencies: ["Core", "Domain", "CSQLite", "CLibXML2", "CLibZip"], path: "Modules/Data"),
    // The PostgreSQL engine behind Data's `SQLDatabase` seam (issue 16); only tend-server links it.
    .target(name: "PostgreSQL", dependencies: ["Core", "Domain", "Data", "CPQ"], path: "Modules/PostgreSQL"),
    .target(name: "Console", dependencies: ["Core"], path: "Modules/Console"),
    .target(name: "HTTP", dependencies: ["Core"], path: "Modules/HTTP"),
    // The HTTP server on libmicrohttpd: below everything that serves, so the HTTP kit and the
    // clients test against a real socket without building the app.
    .target(name: "Server", dependencies: ["Core", "HTTP", "CMicroHTTPD"], path: "Modules/Server"),
    .target(name: "Crypto", dependencies: ["Core", "Domain", "CSodium"], path: "Modules/Crypto"),
    // `tend` as a client of tend-server: `ServerClient`, the wire types, the saved login, and
    // `CurlTransport` (libcurl opened with dlopen on first use, never linked). It calls the
    // endpoints `HTTP` describes (`Endpoint`), the same values the routes are built from.
    .target(name: "Client", dependencies: ["Core", "HTTP", "CCurl"], path: "Modules/Client"),
    // Formats: the byte-level photo sanitizer behind Domain's `PhotoSanitizer` (pure Swift).
    .target(name: "Photos", dependencies: ["Core", "Domain"], path: "Modules/Photos"),
    // Services: the outside world. Weather uses URLSession (FoundationNetworking), so only the
    // server links it; notifications go over `Client`'s `ServerTransport` (libcurl, opened on use).
    .target(name: "Weather", dependencies: ["Core", "Domain"], path: "Modules/Services/Weather"),
    .target(name: "Notifications", dependencies: ["Core", "Domain", "Client"], path: "Modules/Services/Notifications"),
]

// MARK: - Features (presentation: each feature's CLI commands and HTTP routes)
// The features whose commands talk to tend-server (couple, notify, account) also use `Client`.

let features: [Target] = [
    .target(
        name: "InsulinFeature",
        dependencies: ["Core", "Domain", "Console", "HTTP"],
        path: "Modules/Features/InsulinFeature"
    ),
    .target(
        name: "ActivityFeature",
        dependencies: ["Core", "Domain", "Console", "HTTP"],
        path: "Modules/Features/ActivityFeature"
    ),
    .target(
        name: "NutritionFeature",
        dependencies: ["Core", "Domain", "Console", "HTTP"],
        path: "Modules/Features/NutritionFeature"
    ),
    .target(
        name: "WorkoutFeature",
        dependencies: ["Core", "Domain", "Console", "HTTP"],
        path: "Modules/Features/WorkoutFeature"
    ),
    .target(
        name: "QuestFeature",
        dependencies: ["Core", "Domain", "Console", "HTTP"],
        path: "Modules/Features/QuestFeature"
    ),
    .target(
        name: "CoupleFeature",
        dependencies: ["Core", "Domain", "Client", "Console", "HTTP"],
        path: "Modules/Features/CoupleFeature"
    ),
    .target(
        name: "NotificationFeature",
        dependencies: ["Core", "Domain", "Client", "Console", "HTTP"],
        path: "Modules/Features/NotificationFeature"
    ),
    // `tend today`: the home screen, one card from each feature.
    .target(
        name: "TodayFeature",
        dependencies: ["Core", "Domain", "Console", "InsulinFeature", "QuestFeature", "ActivityFeature", "NutritionFeature",
                       "WorkoutFeature", "CoupleFeature", "NotificationFeature"],
        path: "Modules/Features/TodayFeature"
    ),
    // `tend sync` and `/v1/sync/…`: local-first sync of every device with the account.
    .target(
        name: "SyncFeature",
        dependencies: ["Core", "Domain", "Client", "Console", "HTTP"],
        path: "Modules/Features/SyncFeature"
    ),
    // `tend export`, `tend import`, `tend erase` and `/v1/export`: a person's data as a whole.
    .target(
        name: "PortabilityFeature",
        dependencies: ["Core", "Domain", "Client", "Console", "HTTP"],
        path: "Modules/Features/PortabilityFeature"
    ),
    .target(
        name: "AccountFeature",
        dependencies: ["Core", "Domain", "Client", "Console", "HTTP"],
        path: "Modules/Features/AccountFeature"
    ),
    // Nightscout's API v1 on tend-server, its credentials, CGM imports and what the doses did.
    .target(
        name: "NightscoutFeature",
        dependencies: ["Core", "Domain", "Client", "Console", "HTTP"],
        path: "Modules/Features/NightscoutFeature"
    ),
    // The web app: pages rendered by tend-server from the same use cases (HTML builder, forms, cookies).
    .target(
        name: "WebFeature",
        dependencies: ["Core", "Domain", "HTTP", "InsulinFeature", "WorkoutFeature", "NutritionFeature"],
        path: "Modules/Features/WebFeature"
    ),
]

// MARK: - Composition (the DI container)

let composition: [Target] = [
    .target(
        name: "Composition",
        dependencies: ["Core", "Domain", "Data", "Crypto", "Client", "Console", "HTTP", "AccountFeature", "InsulinFeature", "QuestFeature", "ActivityFeature", "NutritionFeature", "WorkoutFeature", "CoupleFeature", "NotificationFeature", "SyncFeature", "PortabilityFeature", "TodayFeature", "WebFeature", "NightscoutFeature", "Notifications", "Photos"],
        path: "Modules/Composition"
    ),
]

// MARK: - Apps

/// `tend` carries the Swift runtime and Foundation inside it: resolving the symbols of a dozen
/// shared Swift libraries was a third of every run (14M instructions of 42M for a dose log).
/// The modules were compiled against the shared runtime, so the static archives they need are
/// named here, in one group (their order does not matter then). The time zones by name live
/// in FoundationInternationalization's `_TimeZoneICU`, which FoundationEssentials finds at run
/// time by its conformance record: nothing refers to it, so without `-u` the linker leaves it
/// out and every named zone reads as nil. The test bundles must not link this (they load the
/// shared runtime for Swift Testing): no test target depends on `tend`; EndToEndTests runs it.
let staticSwiftRuntime = [
    "-static-stdlib",
    "-Xlinker", "--start-group",
    "-lFoundationInternationalization", "-lFoundationEssentials", "-l_FoundationCShims", "-l_FoundationCollections",
    "-l_FoundationICU", "-lswiftSynchronization", "-lswiftDispatch", "-ldispatch", "-lBlocksRuntime", "-lswift_Concurrency",
    "-lswift_StringProcessing", "-lswift_RegexParser", "-lswiftGlibc", "-lswiftCore", "-lstdc++",
    "-Xlinker", "--end-group",
    "-Xlinker", "-u", "-Xlinker", "$s30FoundationInternationalization12_TimeZoneICUC0A10Essentials01_cD8ProtocolAAMc",
]

let apps: [Target] = [
    .executableTarget(
        name: "tend",
        dependencies: ["Composition", "Console", "Core"],
        path: "Apps/TendCLI",
        linkerSettings: [.unsafeFlags(staticSwiftRuntime)]
    ),
    .executableTarget(
        name: "tend-bench",
        dependencies: ["Data", "Domain", "Core"],
        path: "Apps/TendBench"
    ),
    // libmicrohttpd, URLSession (weather) and the scheduler stay out of `tend`: every library a
    // binary loads slows the start of each command.
    .executableTarget(
        name: "tend-server",
        dependencies: ["Server", "Composition", "Data", "PostgreSQL", "Crypto", "Domain", "Weather", "Notifications", "Console", "HTTP", "Core"],
        path: "Apps/TendServer"
    ),
]

// MARK: - Tests (one target per module, plus the built binaries end to end)

let tests: [Target] = [
    .testTarget(name: "CoreTests", dependencies: ["Core"]),
    // DomainTests holds the fakes and, in Contracts/, runs each repository contract against a fake
    // and the SQLite repository: it reads Data, the Domain module never does.
    .testTarget(name: "DomainTests", dependencies: ["Domain", "Data", "PostgreSQL", "Core"]),
    .testTarget(name: "DataTests", dependencies: ["Data", "Domain", "Core"]),
    .testTarget(name: "ConsoleTests", dependencies: ["Console", "Core"]),
    .testTarget(name: "HTTPTests", dependencies: ["HTTP", "Server", "Core"]),
    .testTarget(name: "PhotosTests", dependencies: ["Photos", "Domain", "Core"]),
    .testTarget(name: "CryptoTests", dependencies: ["Crypto", "Domain", "Core"]),
    .testTarget(name: "ClientTests", dependencies: ["Client", "Domain", "Core", "Server", "HTTP"]),
    .testTarget(name: "WeatherTests", dependencies: ["Weather", "Domain", "Core", "Server", "HTTP"]),
    .testTarget(name: "NotificationsTests", dependencies: ["Notifications", "Client", "Data", "Crypto", "Domain", "Core", "Server", "HTTP"]),
    .testTarget(name: "AccountFeatureTests", dependencies: ["AccountFeature", "Client", "Console", "Crypto", "HTTP", "Data", "Domain", "Core"]),
    .testTarget(name: "InsulinFeatureTests", dependencies: ["InsulinFeature", "Console", "HTTP", "Data", "Domain", "Core"]),
    .testTarget(name: "ActivityFeatureTests", dependencies: ["ActivityFeature", "Console", "HTTP", "Data", "Domain", "Core"]),
    .testTarget(name: "NutritionFeatureTests", dependencies: ["NutritionFeature", "Console", "HTTP", "Domain", "Data", "Core"]),
    .testTarget(name: "WorkoutFeatureTests", dependencies: ["WorkoutFeature", "Console", "HTTP", "Domain", "Data", "Core"]),
    .testTarget(name: "QuestFeatureTests", dependencies: ["QuestFeature", "Console", "HTTP", "Domain", "Data", "Core"]),
    .testTarget(name: "CoupleFeatureTests", dependencies: ["CoupleFeature", "Client", "Console", "HTTP", "Domain", "Data", "Core"]),
    .testTarget(name: "NotificationFeatureTests", dependencies: ["NotificationFeature", "Client", "Console", "HTTP", "Data", "Domain", "Core"]),
    .testTarget(name: "SyncFeatureTests", dependencies: ["SyncFeature", "Client", "Console", "HTTP", "Data", "Domain", "Core"]),
    .testTarget(name: "PortabilityFeatureTests", dependencies: ["PortabilityFeature", "Console", "HTTP", "Data", "Domain", "Core"]),
    .testTarget(name: "WebFeatureTests", dependencies: ["WebFeature", "Composition", "HTTP", "Domain", "Core"]),
    .testTarget(name: "NightscoutFeatureTests", dependencies: ["NightscoutFeature", "Client", "Console", "HTTP", "Server", "Data", "Crypto", "Domain", "Core"]),
    .testTarget(name: "CompositionTests", dependencies: ["Composition", "HTTP", "Domain", "Core"]),
    // Not on `tend`: a test bundle depending on it would link its static runtime (see above).
    .testTarget(name: "EndToEndTests", dependencies: ["tend-server", "Server", "HTTP"]),
]

let package = Package(
    name: "Tend",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tend", targets: ["tend"]),
        .executable(name: "tend-server", targets: ["tend-server"]),
    ],
    targets: systemLibraries + sharedModules + features + composition + apps + tests,
    swiftLanguageModes: [.v6]
)
