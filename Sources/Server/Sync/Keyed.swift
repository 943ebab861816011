/// A record the REST API shows with its sync key (`"key"` in its JSON).
struct Keyed<Record: Sendable>: Sendable {
    let record: Record
    let key: String
}
