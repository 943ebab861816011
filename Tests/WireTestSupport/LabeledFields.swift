import ClubhouseDomain
import ClubhouseSyncWire

// Wire fields by name, as a test writes them (raw text, so that a test can send what the Domain
// refuses); the sources build them from the declaration instead. Shared by the wire's, the
// server's and the sync tests.
extension SyncPlayerFields {
    public init(
        name: String, age: Int? = nil, skill: String? = nil, position: String? = nil, favouriteTeam: String? = nil
    ) {
        self.init(values: [])
        values = Self.declared.map { _ in .null }
        self[.name] = .text(name)
        self[.age] = FieldValue(age)
        self[.skill] = FieldValue(skill)
        self[.position] = FieldValue(position)
        self[.favouriteTeam] = FieldValue(favouriteTeam)
    }
}

extension SyncSeat {
    public init(
        player: String?, name: String, age: Int? = nil, skill: String? = nil, position: String? = nil,
        favouriteTeam: String? = nil
    ) {
        self.init(
            player: player,
            fields: SyncPlayerFields(
                name: name, age: age, skill: skill, position: position, favouriteTeam: favouriteTeam))
    }
}

extension SyncBookFields {
    public init(
        title: String, author: String? = nil, publisher: String? = nil, description: String? = nil,
        priceCents: Int? = nil, published: String? = nil, owned: Bool = true
    ) {
        self.init(values: Self.declared.map { _ in .null }, owned: owned)
        self[.title] = .text(title)
        self[.author] = FieldValue(author)
        self[.publisher] = FieldValue(publisher)
        self[.description] = FieldValue(description)
        self[.price] = FieldValue(priceCents)
        self[.published] = FieldValue(published)
    }
}
