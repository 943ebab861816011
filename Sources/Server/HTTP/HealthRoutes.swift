import Hummingbird

/// `GET /health` (the server answers and PostgreSQL answers it) and `GET /metrics` (Prometheus).
struct HealthRoutes {
    let database: Database
    let metrics: ServerMetrics

    struct HealthJSON: Encodable {
        let status: String
        let database: String
    }

    func add(to router: Router<ServerRequestContext>) {
        router.get("health") { _, context in
            let logger = context.logger
            _ = try await database.read { try await $0.query("SELECT 1", logger: logger) }
            return try JSONResponse.make(HealthJSON(status: "ok", database: "ok"))
        }
        router.get("metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.text)))
        }
    }
}
