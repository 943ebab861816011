import Foundation

/// `PUT /v1/sync/handoff`: where this device is in a scene, so another device can continue there.
public struct SyncHandoffPush: Codable, Sendable, Equatable {
    public var device: UUID
    public var scene: String
    /// For people: "laptop", "phone".
    public var deviceName: String
    /// Opaque to the server (at most `SyncLimits.handoffStateBytes` encoded): the navigation state
    /// with record ids replaced by keys.
    public var state: SyncValue
    /// Unix ms in the server's clock.
    public var madeAt: Int64

    public init(device: UUID, scene: String, deviceName: String, state: SyncValue, madeAt: Int64) {
        self.device = device
        self.scene = scene
        self.deviceName = deviceName
        self.state = state
        self.madeAt = madeAt
    }

    private enum CodingKeys: String, CodingKey { case device, scene, deviceName, state, madeAt }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeWire(device, forKey: .device)
        try container.encode(scene, forKey: .scene)
        try container.encode(deviceName, forKey: .deviceName)
        try container.encode(state, forKey: .state)
        try container.encode(madeAt, forKey: .madeAt)
    }
}

/// `GET /v1/sync/handoff`: the newest handoff another device of the account pushed for a scene.
public struct SyncHandoff: Codable, Sendable, Equatable {
    public var device: UUID
    public var deviceName: String
    public var state: SyncValue
    public var madeAt: Int64

    public init(device: UUID, deviceName: String, state: SyncValue, madeAt: Int64) {
        self.device = device
        self.deviceName = deviceName
        self.state = state
        self.madeAt = madeAt
    }

    private enum CodingKeys: String, CodingKey { case device, deviceName, state, madeAt }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeWire(device, forKey: .device)
        try container.encode(deviceName, forKey: .deviceName)
        try container.encode(state, forKey: .state)
        try container.encode(madeAt, forKey: .madeAt)
    }
}
