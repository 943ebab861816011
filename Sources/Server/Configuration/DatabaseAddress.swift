import Foundation
import PostgresNIO

/// Where PostgreSQL is, from a URL as libpq spells it: `postgres://USER:PASSWORD@HOST:PORT/DATABASE`
/// (`postgresql://` too). `?host=/run/postgresql` names a unix-socket folder instead of a TCP host.
package struct DatabaseAddress: Sendable, Equatable {
    package var host: String
    package var port: Int
    package var username: String
    package var password: String?
    package var database: String
    package var socketFolder: String?

    package init(host: String, port: Int, username: String, password: String? = nil, database: String) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.socketFolder = nil
    }

    package static let usage = "the database URL must look like postgres://USER:PASSWORD@HOST:PORT/DATABASE"

    package init(url text: String) throws(ServerStartError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "postgres" || scheme == "postgresql"
        else { throw ServerStartError(Self.usage) }
        guard let username = components.user, !username.isEmpty else {
            throw ServerStartError("the database URL names no user (\(Self.usage))")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw ServerStartError("the database URL names no database (\(Self.usage))")
        }
        let socketFolder = components.queryItems?.first(where: { $0.name == "host" })?.value
        let host = components.host ?? ""
        guard !host.isEmpty || socketFolder != nil else {
            throw ServerStartError("the database URL names no host (\(Self.usage))")
        }
        self.host = host
        self.port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw ServerStartError("the database URL's port is not 1–65535") }
        self.username = username
        self.password = components.password
        self.database = database
        self.socketFolder = socketFolder
    }

    /// For messages: where, never the password.
    package var description: String {
        if let socketFolder { return "\(socketFolder)/.s.PGSQL.\(port) database \(database)" }
        return "\(host):\(port) database \(database)"
    }

    package var clientConfiguration: PostgresClient.Configuration {
        if let socketFolder {
            return .init(
                unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: username, password: password,
                database: database)
        }
        return .init(host: host, port: port, username: username, password: password, database: database, tls: .disable)
    }

    package var connectionConfiguration: PostgresConnection.Configuration {
        if let socketFolder {
            return .init(
                unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: username, password: password,
                database: database)
        }
        return .init(host: host, port: port, username: username, password: password, database: database, tls: .disable)
    }
}
