// What an app that depends on the Clubhouse product sees with one `import Clubhouse`: the value
// types of the layers below (records, navigation state, screens, commands and outcomes) and the
// session API of this module. Everything else in those layers has `package` access, so stores,
// coordinators and SQL stay out of reach; Persistence and Security are not re-exported at all.
@_exported public import ClubhouseDomain
@_exported public import ClubhouseFeatures
@_exported public import ClubhouseNavigation
