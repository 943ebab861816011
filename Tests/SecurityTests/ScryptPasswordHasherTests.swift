import ClubhouseDomain
import Testing

@testable import ClubhouseSecurity

@Suite struct ScryptPasswordHasherTests {
    let hasher = ScryptPasswordHasher(cost: .testing)

    @Test func verifiesTheRightPasswordOnly() throws {
        let hash = try hasher.hash(Password("s3cret-pass"))
        #expect(hasher.verify("s3cret-pass", against: hash))
        #expect(!hasher.verify("s3cret-pasS", against: hash))
        #expect(!hasher.verify("", against: hash))
    }

    @Test func saltsEveryHash() throws {
        let first = try hasher.hash(Password("same-password"))
        let second = try hasher.hash(Password("same-password"))
        #expect(first != second)
        #expect(!first.contains("same-password"))
    }

    @Test func recordsItsParametersSoVerificationFollowsThem() throws {
        let hash = try hasher.hash(Password("s3cret-pass"))
        #expect(hash.hasPrefix("$scrypt$ln=10,r=8,p=1$"))
        // A hasher configured with another cost still verifies an older hash.
        #expect(
            ScryptPasswordHasher(cost: .init(logN: 11, blockSize: 8, parallelism: 1)).verify(
                "s3cret-pass", against: hash))
    }

    @Test func theRecommendedCostIsOWASPsMinimum() {
        #expect(ScryptPasswordHasher.Cost.recommended == .init(logN: 17, blockSize: 8, parallelism: 1))
        // A hasher made without a cost takes the standard one: the recommended, unless a debug
        // build is told otherwise, as this test executable's environment does (StandardCostTests).
        #expect(ScryptPasswordHasher().cost == .standard)
    }

    @Test(arguments: [
        "", "plain", "$scrypt$ln=10,r=8,p=1$c2FsdA==", "$bcrypt$ln=10,r=8,p=1$c2FsdHNhbHQ=$AAAA",
        "$scrypt$ln=30,r=8,p=1$c2FsdHNhbHQ=$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "$scrypt$ln=10,r=8,p=1$not base64$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    ])
    func rejectsMalformedOrAbusiveHashes(_ stored: String) {
        #expect(!hasher.verify("anything-at-all", against: stored))
    }

    /// Each parameter within its own range is not enough: together they must stay within the
    /// recommended cost's memory (r·N) and twice its time (p·r·N), or nothing is hashed at all.
    @Test(arguments: [
        ("ln=17,r=8,p=1", true), ("ln=17,r=8,p=2", true), ("ln=10,r=1,p=1", true), ("ln=20,r=1,p=2", true),
        ("ln=17,r=8,p=3", false), ("ln=18,r=8,p=1", false), ("ln=20,r=16,p=4", false), ("ln=9,r=8,p=1", false),
        ("ln=17,r=0,p=1", false), ("ln=17,r=8,p=0", false), ("ln=-1,r=8,p=1", false),
        ("ln=99999999999999999999,r=8,p=1", false), ("r=8,p=1", false),
    ])
    func storedCostsAreBoundedBeforeAnyHashing(_ settings: String, _ accepted: Bool) {
        let stored = "$scrypt$\(settings)$c2FsdHNhbHQ=$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
        #expect(hasher.isWellFormed(stored) == accepted)
    }

    @Test func aHashItMadeIsWellFormed() throws {
        #expect(hasher.isWellFormed(try hasher.hash(try Password("s3cret-pass"))))
        #expect(!hasher.isWellFormed("$scrypt$ln=10,r=8,p=1$\(String(repeating: "A", count: 10_000))$AAAA"))
    }

    @Test func decoyHashParsesButMatchesNothing() {
        #expect(ScryptPasswordHasher.parse(hasher.decoyHash) != nil)
        #expect(!hasher.verify("", against: hasher.decoyHash))
        #expect(!hasher.verify("password", against: hasher.decoyHash))
    }
}
