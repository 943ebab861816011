import Hummingbird

/// Every route of the server. Middleware from the outside in: metrics (so they see the status
/// the client got), errors as JSON, then, on `/v1` routes past sign-in, the bearer token.
struct Routes {
    let database: Database
    let metrics: ServerMetrics
    let hashing: PasswordHashing
    let configuration: ServerConfiguration
    let hub: LiveHub

    func router() -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: MetricsMiddleware(metrics: metrics))
        router.add(middleware: ErrorMiddleware())
        HealthRoutes(database: database, metrics: metrics).add(to: router)
        let v1 = router.group("v1")
        let signedIn = v1.group().add(middleware: BearerAuthenticator(database: database))
        AccountRoutes(database: database, hashing: hashing, configuration: configuration)
            .add(public: v1, signedIn: signedIn)
        PlayerRoutes(database: database).add(to: signedIn)
        GatherRoutes(database: database).add(to: signedIn)
        BookRoutes(database: database).add(to: signedIn)
        QuestionRoutes(database: database).add(to: signedIn)
        SyncRoutes(database: database).add(to: signedIn)
        SyncStreamRoutes(database: database, hub: hub).add(to: signedIn)
        return router
    }
}
