// swift-tools-version:6.1
import PackageDescription

// Layers point inward (see ../shared/DESIGN.md): Navigation and Features build on Domain alone;
// Persistence (with Schema) and Security implement Domain's protocols; the clubhouse CLI composes them.
let package = Package(
    name: "Clubhouse",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "clubhouse", targets: ["ClubhouseCLI"])
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
    ],
    targets: [
        .target(name: "Domain"),
        // The schema: Migrations/*.sql, compiled into Swift by the plugin. A target of its own so
        // that adding, renaming or removing a migration re-plans the build.
        .target(name: "Schema", path: "Migrations", plugins: ["EmbedMigrationsPlugin"]),
        .target(
            name: "Persistence",
            dependencies: [
                "Domain", "Schema", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for the list that reads rows straight from a statement (PlayerRow).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "Security",
            dependencies: ["Domain", .product(name: "CryptoExtras", package: "swift-crypto")]
        ),
        .target(name: "Navigation", dependencies: ["Domain"]),
        .target(name: "Features", dependencies: ["Domain", "Navigation"]),
        .executableTarget(
            name: "ClubhouseCLI",
            dependencies: [
                "Domain", "Persistence", "Security", "Navigation", "Features",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Build-time only: turns Migrations/*.sql into Swift source so the binary carries its schema.
        .executableTarget(name: "MigrationEmbedder", path: "Plugins/MigrationEmbedder"),
        .plugin(
            name: "EmbedMigrationsPlugin",
            capability: .buildTool(),
            dependencies: ["MigrationEmbedder"],
            path: "Plugins/EmbedMigrationsPlugin"
        ),

        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DomainTests", dependencies: ["Domain"]),
        .testTarget(name: "PersistenceTests", dependencies: ["Domain", "Persistence", "Security", "TestSupport"]),
        .testTarget(name: "SecurityTests", dependencies: ["Security", "Domain"]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "Domain"]),
        .testTarget(
            name: "FeaturesTests",
            dependencies: [
                "Features", "Navigation", "Domain", "Persistence", "Security", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Reference/ holds the width fixture and the script that makes it from Python's wcwidth.
        .testTarget(name: "ClubhouseCLITests", dependencies: ["ClubhouseCLI", "Domain"], exclude: ["Reference"]),
        // Depends on the executable only so that `swift test` builds it; the tests run it as a process.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["ClubhouseCLI", "TestSupport", "Domain", "Navigation", "Features", "Persistence", "Security"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
