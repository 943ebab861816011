/// A link opened while signed out: kept on the device, then taken by the next sign-in.
package struct KeepLinkForSignIn {
    private let links: any PendingLinkRepository

    package init(links: any PendingLinkRepository) {
        self.links = links
    }

    package func callAsFunction(_ link: String) throws {
        try links.setPending(link)
    }
}

package struct TakePendingLink {
    private let links: any PendingLinkRepository

    package init(links: any PendingLinkRepository) {
        self.links = links
    }

    /// The pending link, removed so it opens once (an unreadable one is removed too).
    package func callAsFunction() throws -> String? {
        let link = try links.pending()
        try links.setPending(nil)
        return link
    }
}
