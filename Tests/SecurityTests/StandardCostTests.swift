import ClubhouseTestEnvironment
import Foundation
import Testing

@testable import ClubhouseSecurity

/// New passwords are hashed at the recommended cost; only a debug build told so by the variable
/// the test executable sets as it loads hashes at the testing cost.
@Suite struct StandardCostTests {
    private typealias Cost = ScryptPasswordHasher.Cost

    @Test func withNothingSaidItIsTheRecommendedCost() {
        #expect(Cost.standard(environment: [:]) == .recommended)
        #expect(Cost.standard(environment: [Cost.debugVariable: "recommended"]) == .recommended)
        #expect(Cost.standard(environment: [Cost.debugVariable: "TESTING"]) == .recommended)
    }

    @Test func aDebugBuildToldSoUsesTheTestingCost() {
        #if DEBUG
            #expect(Cost.standard(environment: [Cost.debugVariable: "testing"]) == .testing)
        #else
            #expect(Cost.standard(environment: [Cost.debugVariable: "testing"]) == .recommended)
        #endif
    }

    /// The variable the test executable sets is the one the library reads, and it is set before
    /// any test runs: the processes the tests start inherit it.
    @Test func theTestExecutableSetsTheVariableTheLibraryReads() {
        let name = String(cString: clubhouse_test_hash_cost_variable())
        #expect(name == Cost.debugVariable)
        #expect(ProcessInfo.processInfo.environment[name] == "testing")
        #if DEBUG
            #expect(Cost.standard == .testing)
        #endif
    }
}
