// swift-tools-version:6.1
import PackageDescription

// Layers point inward (docs/architecture.md): Navigation and Features build on Domain alone;
// Persistence (with Schema) and Security implement Domain's protocols; the Clubhouse library composes
// them behind its public session API, and every front end (the clubhouse CLI first) is its client.
// Each layer's module is named Clubhouse<Layer> (its folder is the layer's name): target names are
// global in a package graph, and an app that embeds the library may well have a Domain of its own.
let package = Package(
    name: "Clubhouse",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Clubhouse", targets: ["Clubhouse"]),
        .executable(name: "clubhouse", targets: ["ClubhouseCLI"]),
        .executable(name: "clubhouse-server", targets: ["ClubhouseServerMain"]),
        // The sync protocol's wire types, shared by the server and the device side (Foundation only).
        .library(name: "ClubhouseSyncWire", targets: ["ClubhouseSyncWire"]),
        // Sync with a clubhouse-server: a product of its own, so an app embedding only Clubhouse
        // does not pull in SwiftNIO.
        .library(name: "ClubhouseSync", targets: ["ClubhouseSync"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        // `swift package generate-documentation --target Clubhouse` builds the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
        // The server (clubhouse-server): HTTP, PostgreSQL, graceful shutdown, logs and metrics.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        // NIOCore, NIOPosix and NIOHTTP1 are imported directly (the server's event loops and
        // errors, the device's HTTP errors): pinned here, not only through the packages above.
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        // The device's HTTP client for sync (ClubhouseSync).
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        // Server-Sent Events (the live change stream, GET /v1/sync/stream), read by the device and
        // the tests: Foundation only. Other SSE readers bring FoundationNetworking and libcurl, which
        // the static build cannot link (and mattt/EventSource 1.1.1 does not build on Linux).
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        // The app in a browser (`clubhouse web`): its pages are Mustache templates, whose `{{ }}`
        // escapes every value for HTML.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
    ],
    targets: [
        .target(
            name: "ClubhouseDomain", path: "Sources/Domain",
            // Look-alike usernames (UsernameSkeleton.swift) call Foundation's own ICU, whose module
            // map names no library to link.
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),
        // The schema: Migrations/*.sql, compiled into Swift by the plugin. A target of its own so
        // that adding, renaming or removing a migration re-plans the build.
        .target(name: "ClubhouseSchema", path: "Migrations", plugins: ["EmbedMigrationsPlugin"]),
        .target(
            name: "ClubhousePersistence",
            dependencies: [
                "ClubhouseDomain", "ClubhouseSchema", .product(name: "GRDB", package: "GRDB.swift"),
                // The sync vocabulary (entities, kinds, typed fields, notices), Foundation only: the
                // outbox and pulled pages are read and applied in the wire's own types.
                "ClubhouseSyncWire",
                // SQLite's C API, for the list that reads rows straight from a statement (PlayerRow).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Sources/Persistence"
        ),
        .target(
            name: "ClubhouseSecurity",
            dependencies: ["ClubhouseDomain", .product(name: "CryptoExtras", package: "swift-crypto")],
            path: "Sources/Security"
        ),
        .target(name: "ClubhouseNavigation", dependencies: ["ClubhouseDomain"], path: "Sources/Navigation"),
        .target(
            name: "ClubhouseFeatures", dependencies: ["ClubhouseDomain", "ClubhouseNavigation"],
            path: "Sources/Features"),
        // The library product: the one public API. The layers above use `package` access for
        // everything that is not part of it, so an app that depends on the product sees only this.
        .target(
            name: "Clubhouse",
            dependencies: [
                "ClubhouseDomain", "ClubhouseNavigation", "ClubhouseFeatures", "ClubhousePersistence",
                "ClubhouseSecurity", "ClubhouseSyncWire",
            ]
        ),
        // Sync with a clubhouse-server (`ClubhouseApp.sync()`): push, pull, handoff over HTTP. The
        // SQLite side (outbox, applying pages) is Persistence's; this is its public face.
        .target(
            name: "ClubhouseSync",
            dependencies: [
                "Clubhouse", "ClubhouseSyncWire",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            path: "Sources/Sync"
        ),
        // How untrusted text is shown on a terminal (escapes) and how wide it is: shared by the CLI
        // and the terminal app, on the public API alone.
        .target(name: "ClubhouseText", dependencies: ["Clubhouse"], path: "Sources/Text"),
        // The full-screen terminal app (`clubhouse app`): pure drawing and key handling, a thin
        // termios driver; a client of the public API like the CLI.
        .target(name: "ClubhouseTerminal", dependencies: ["Clubhouse", "ClubhouseText"], path: "Sources/Terminal"),
        // Who is asking, as the server's and the web page's turns for password checks count clients.
        .target(
            name: "ClubhousePeers", dependencies: [.product(name: "NIOCore", package: "swift-nio")],
            path: "Sources/Peers"),
        // The app in a browser (`clubhouse web`): pages made from the same outcomes the terminal app
        // draws, forms that post actions to `ClubhouseApp.perform`, on Hummingbird; a client of the
        // public API like the terminal app.
        .target(
            name: "ClubhouseWeb",
            dependencies: [
                "Clubhouse", "ClubhousePeers", "ClubhouseText",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Web"
        ),
        // The CLI is the library's first client: it imports Clubhouse (and the clients' own
        // ClubhouseText and ClubhouseTerminal) and nothing else of ours (EndToEndTests/PublicAPITests
        // type-checks it against the public API alone).
        .executableTarget(
            name: "ClubhouseCLI",
            dependencies: [
                "Clubhouse", "ClubhouseSync", "ClubhouseText", "ClubhouseTerminal", "ClubhouseWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The code of the DocC article "Embedding Clubhouse", built and run by EndToEndTests.
        .executableTarget(name: "EmbeddingExample", dependencies: ["Clubhouse"], path: "Examples/Embedding"),
        // One long-lived ClubhouseApp through 10 000 actions (swift run -c release SessionBenchmark).
        .executableTarget(
            name: "SessionBenchmark",
            dependencies: ["Clubhouse", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Benchmarks/SessionBenchmark"
        ),
        // A device's sync against a real server: push, pull, no-change round trip (scripts/sync-benchmark).
        .executableTarget(
            name: "SyncBenchmark",
            dependencies: ["Clubhouse", "ClubhouseSync", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Benchmarks/SyncBenchmark"
        ),
        // Live sync: commit → other device's screen (one instance, two), 1 000 idle streams, a burst
        // to 10 live devices, against release servers on a throwaway PostgreSQL (scripts/live-benchmark).
        .executableTarget(
            name: "LiveBenchmark",
            dependencies: [
                "Clubhouse", "ClubhouseSync", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Benchmarks/LiveBenchmark"
        ),
        // The terminal app's keystroke to frame with 1 000 000 players (swift run -c release TerminalBenchmark).
        .executableTarget(
            name: "TerminalBenchmark",
            dependencies: ["Clubhouse", "ClubhouseTerminal", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Benchmarks/TerminalBenchmark"
        ),

        // Build-time only: turns Migrations/*.sql into Swift source so the binary carries its schema.
        .executableTarget(name: "MigrationEmbedder", path: "Plugins/MigrationEmbedder"),
        .plugin(
            name: "EmbedMigrationsPlugin",
            capability: .buildTool(),
            dependencies: ["MigrationEmbedder"],
            path: "Plugins/EmbedMigrationsPlugin"
        ),

        // The sync protocol as both sides encode it: changes, pages, notices, handoffs. On the
        // Domain alone (Foundation only), so that neither side pulls in the other's dependencies;
        // a record's synced fields are its Domain declaration's (`PlayerField`, …), not a copy.
        .target(name: "ClubhouseSyncWire", dependencies: ["ClubhouseDomain"], path: "Sources/SyncWire"),

        // The server's PostgreSQL schema: ServerMigrations/*.sql, embedded by the same plugin.
        .target(
            name: "ClubhouseServerSchema", path: "ServerMigrations", exclude: ["README.md"],
            plugins: ["EmbedMigrationsPlugin"]),
        // The server as a library, so tests can run it in-process; the executable only parses flags.
        .target(
            name: "ClubhouseServer",
            dependencies: [
                "ClubhouseDomain", "ClubhouseSecurity", "ClubhouseServerSchema", "ClubhouseSyncWire", "ClubhousePeers",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Sources/Server"
        ),
        .executableTarget(
            name: "ClubhouseServerMain",
            dependencies: [
                "ClubhouseServer", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/ServerMain"
        ),

        // Sets the environment of the test executable as it loads (TestEnvironment.c says why).
        .target(name: "ClubhouseTestEnvironment", path: "Tests/TestEnvironment"),
        .target(name: "ClubhouseTestSupport", dependencies: ["ClubhouseTestEnvironment"], path: "Tests/TestSupport"),
        // Wire fields written by name, as tests send them (the sources build them from the declarations).
        .target(
            name: "ClubhouseWireTestSupport", dependencies: ["ClubhouseSyncWire", "ClubhouseDomain"],
            path: "Tests/WireTestSupport"),
        // A throwaway PostgreSQL cluster and the built clubhouse-server as a process: shared by the
        // server's tests and the sync tests.
        .target(
            name: "ClubhouseServerTestSupport",
            dependencies: [
                "ClubhouseServer", "ClubhouseTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ServerTestSupport"
        ),
        // The public story told with `import Clubhouse` alone.
        .testTarget(name: "ClubhouseTests", dependencies: ["Clubhouse"]),
        .testTarget(name: "DomainTests", dependencies: ["ClubhouseDomain"]),
        .testTarget(
            name: "SyncWireTests", dependencies: ["ClubhouseSyncWire", "ClubhouseDomain", "ClubhouseWireTestSupport"]),
        .testTarget(
            name: "PersistenceTests",
            dependencies: [
                "ClubhouseDomain", "ClubhousePersistence", "ClubhouseSecurity", "ClubhouseTestSupport",
                "ClubhouseSchema",
                "ClubhouseSyncWire", .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "SecurityTests", dependencies: ["ClubhouseSecurity", "ClubhouseDomain", "ClubhouseTestEnvironment"]),
        .testTarget(name: "NavigationTests", dependencies: ["ClubhouseNavigation", "ClubhouseDomain"]),
        .testTarget(
            name: "FeaturesTests",
            dependencies: [
                "ClubhouseFeatures", "ClubhouseNavigation", "ClubhouseDomain", "ClubhousePersistence",
                "ClubhouseSecurity", "ClubhouseTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Reference/ holds the width fixture and the script that makes it from Python's wcwidth.
        .testTarget(
            name: "ClubhouseCLITests",
            dependencies: [
                "ClubhouseCLI", "ClubhouseDomain", "ClubhouseSync",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Reference"]),
        // Snapshots/ holds the frames as text (TERMINAL_SNAPSHOTS=record writes them again).
        .testTarget(
            name: "TerminalTests",
            dependencies: ["ClubhouseTerminal", "Clubhouse", "ClubhouseText", "ClubhouseTestSupport"],
            exclude: ["Snapshots"]),
        // The web face's HTTP layer in process (routes, cookies, CSRF, escaping) on real files;
        // Browser/ holds the scenarios a real Chromium runs against the built `clubhouse web`.
        .testTarget(
            name: "WebTests",
            dependencies: [
                "ClubhouseWeb", "Clubhouse", "ClubhouseTestSupport", "ClubhouseSecurity", "ClubhousePeers",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Browser"]
        ),
        // Depends on the executables only so that `swift test` builds them; the tests run them as
        // processes. The library, for upgrade tests that open old files through it too.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "ClubhouseCLI", "EmbeddingExample", "Clubhouse", "ClubhouseTestSupport", "ClubhouseDomain",
                "ClubhouseNavigation", "ClubhouseFeatures", "ClubhousePersistence", "ClubhouseSecurity",
                "ClubhouseSync", "ClubhouseServerTestSupport",
            ],
            exclude: ["Fixtures"]
        ),
        // Against a throwaway PostgreSQL cluster the tests start themselves; the process tests run
        // the built clubhouse-server (and clubhouse, for the rule cases both must agree on).
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "ClubhouseServer", "ClubhouseServerMain", "ClubhouseCLI", "ClubhouseDomain", "ClubhouseTestSupport",
                "ClubhouseSyncWire", "Clubhouse", "ClubhouseSync", "ClubhouseSecurity", "ClubhouseServerSchema",
                "ClubhouseServerTestSupport", "ClubhouseWireTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // The live change stream read as a device reads it.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Several devices (real SQLite files, the library and the built clubhouse) syncing through
        // the built clubhouse-server on a throwaway PostgreSQL: convergence, the conflict policy
        // rule by rule (docs/sync.md), faults (SIGKILL mid-sync), isolation, the clock, handoff.
        .testTarget(
            name: "SyncTests",
            dependencies: [
                "Clubhouse", "ClubhouseSync", "ClubhouseSyncWire", "ClubhouseCLI", "ClubhouseServerMain",
                "ClubhouseServer", "ClubhouseTestSupport", "ClubhouseServerTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
