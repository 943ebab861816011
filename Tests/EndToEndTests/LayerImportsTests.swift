import Foundation
import Testing

/// The dependency rule of docs/architecture.md ("Layers and the dependency rule"): each folder
/// under Sources imports only what the table there allows it, so a layer never reaches outward
/// or sideways even when the build would find the module. The table is written out here as it is
/// there; a change to either is a change to both.
@Suite struct LayerImportsTests {
    static let allowed: [String: Set<String>] = [
        "Sources/Domain": [],
        "Sources/Navigation": ["ClubhouseDomain"],
        "Sources/Features": ["ClubhouseDomain", "ClubhouseNavigation"],
        "Sources/SyncWire": ["ClubhouseDomain"],
        "Sources/Persistence": ["ClubhouseDomain", "ClubhouseSyncWire", "ClubhouseSchema", "GRDB", "GRDBSQLite"],
        "Sources/Security": ["ClubhouseDomain", "CryptoExtras"],
        "Sources/Clubhouse": [
            "ClubhouseDomain", "ClubhouseNavigation", "ClubhouseFeatures", "ClubhouseSyncWire", "ClubhousePersistence",
            "ClubhouseSecurity",
        ],
        "Sources/Sync": ["Clubhouse", "ClubhouseSyncWire", "AsyncHTTPClient", "OpenAPIRuntime", "NIOCore", "NIOHTTP1"],
        "Sources/Text": ["Clubhouse"],
        "Sources/Terminal": ["Clubhouse", "ClubhouseText"],
        "Sources/Peers": ["NIOCore"],
        "Sources/Web": [
            "Clubhouse", "ClubhousePeers", "ClubhouseText", "Hummingbird", "Mustache", "Crypto", "NIOCore", "NIOPosix",
            "NIOConcurrencyHelpers", "Logging",
            "ServiceLifecycle",
        ],
        "Sources/ClubhouseCLI": [
            "Clubhouse", "ClubhouseSync", "ClubhouseTerminal", "ClubhouseText", "ClubhouseWeb", "ArgumentParser",
        ],
        "Sources/Server": [
            "ClubhouseDomain", "ClubhouseSecurity", "ClubhouseSyncWire", "ClubhouseServerSchema", "ClubhousePeers",
            "Hummingbird",
            "PostgresNIO", "Crypto", "Prometheus", "Metrics", "CoreMetrics", "Logging", "NIOCore", "NIOPosix",
            "NIOHTTP1", "ServiceLifecycle",
        ],
        "Sources/ServerMain": ["ClubhouseServer", "ArgumentParser", "Logging"],
    ]

    @Test func everyLayerImportsOnlyWhatTheRuleAllows() throws {
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: DeclaredImportsTests.root.appending(path: "Sources").path)
        #expect(Set(folders.map { "Sources/\($0)" }) == Set(Self.allowed.keys), "every layer has its row")
        for (folder, allowed) in Self.allowed.sorted(by: { $0.key < $1.key }) {
            let imports = try DeclaredImportsTests.imports(under: folder).subtracting(DeclaredImportsTests.toolchain)
            #expect(imports.isSubset(of: allowed), "\(folder) imports \(imports.subtracting(allowed).sorted())")
        }
    }

    /// The rule holds something: Domain, the innermost, imports nothing of ours at all.
    @Test func theInnermostLayerImportsNothingOfOurs() throws {
        let imports = try DeclaredImportsTests.imports(under: "Sources/Domain")
        #expect(!imports.isEmpty && imports.isSubset(of: DeclaredImportsTests.toolchain))
    }
}
