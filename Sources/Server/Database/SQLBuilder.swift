import PostgresNIO

/// SQL whose values are bound parameters, built a statement at a time so that several
/// statements can be sent as one: the last one's `WITH` runs the others as data-modifying CTEs,
/// their parameters numbered in one sequence. A write and its log entry are then one round trip.
/// Only statements that read none of the rows the others write may be joined: every part of one
/// statement sees the table as it was before the statement.
struct SQLBuilder {
    private(set) var bindings = PostgresBindings()

    /// The placeholder (`$N`) of `value`, bound.
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    /// The placeholder of `value`, bound as SQL's NULL when there is none (the SQL casts it).
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value?) -> String {
        if let value { bindings.append(value) } else { bindings.appendNull() }
        return "$\(bindings.count)"
    }

    /// `statements` (each an INSERT, UPDATE or DELETE without RETURNING) as one statement, or
    /// nil when there is none.
    func query(_ statements: [String]) -> PostgresQuery? {
        guard let last = statements.last else { return nil }
        let before = statements.dropLast().enumerated().map { "w\($0) AS (\n\($1)\n)" }
        let sql = before.isEmpty ? last : "WITH " + before.joined(separator: ",\n") + "\n" + last
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }

    /// Builds one statement with `build` and returns it as a query.
    static func statement(_ build: (inout SQLBuilder) throws -> String) rethrows -> PostgresQuery {
        var builder = SQLBuilder()
        let sql = try build(&builder)
        return PostgresQuery(unsafeSQL: sql, binds: builder.bindings)
    }
}

extension PostgresConnection {
    /// Runs `statements`, built into `sql`, as one statement (one round trip); nothing when empty.
    func run(_ statements: [String], _ sql: SQLBuilder, logger: Logger) async throws {
        guard let query = sql.query(statements) else { return }
        try await run(query, logger: logger)
    }
}
