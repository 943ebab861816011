import Domain
import Testing

@testable import Security

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
        #expect(ScryptPasswordHasher().cost == .init(logN: 17, blockSize: 8, parallelism: 1))
    }

    @Test(arguments: [
        "", "plain", "$scrypt$ln=10,r=8,p=1$c2FsdA==", "$bcrypt$ln=10,r=8,p=1$c2FsdHNhbHQ=$AAAA",
        "$scrypt$ln=30,r=8,p=1$c2FsdHNhbHQ=$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "$scrypt$ln=10,r=8,p=1$not base64$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    ])
    func rejectsMalformedOrAbusiveHashes(_ stored: String) {
        #expect(!hasher.verify("anything-at-all", against: stored))
    }

    @Test func decoyHashParsesButMatchesNothing() {
        #expect(ScryptPasswordHasher.parse(hasher.decoyHash) != nil)
        #expect(!hasher.verify("", against: hasher.decoyHash))
        #expect(!hasher.verify("password", against: hasher.decoyHash))
    }
}
