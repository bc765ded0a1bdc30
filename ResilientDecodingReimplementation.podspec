Pod::Spec.new do |s|
  # Another implementation of Airbnb's ResilientDecoding (github.com/airbnb/ResilientDecoding),
  # source-compatible with its 1.2.0 and not Airbnb's pod: the trunk's `ResilientDecoding` is
  # theirs, so this pod has a name of its own; its module is still `ResilientDecoding`, so that
  # `import ResilientDecoding` works unchanged. Its versions are its own, not Airbnb's.
  s.name = 'ResilientDecodingReimplementation'
  s.module_name = 'ResilientDecoding'
  s.version = '1.0.0'
  s.summary = "Another implementation of Airbnb's ResilientDecoding: Decodable properties that recover from bad data."
  s.description = <<-DESC
    Not Airbnb's pod: another implementation of Airbnb's ResilientDecoding library,
    source-compatible with its version 1.2.0, with versions of its own.
    The @Resilient property wrapper lets optionals, arrays, sets, dictionaries and
    raw-representable enums keep whatever could be decoded when the data is partly
    invalid, records what went wrong for inspection in DEBUG builds, and reports it
    through an error digest for logging in production.
  DESC
  s.homepage = 'https://github.com/OWNER/ResilientDecoding'
  s.license = { :type => 'MIT', :file => 'LICENSE' }
  s.author = 'The ResilientDecoding authors'
  # No version is tagged yet (CONTRIBUTING.md, "Cutting a release"): the source is `main`.
  s.source = { :git => 'https://github.com/OWNER/ResilientDecoding.git', :branch => 'main' }

  s.swift_version = '6.0'
  s.ios.deployment_target = '12.0'
  s.osx.deployment_target = '10.14'
  s.tvos.deployment_target = '12.0'
  s.watchos.deployment_target = '5.0'

  s.source_files = 'Sources/ResilientDecoding/**/*.swift'
  # The library's per-thread state is `package`, shared with its tests; SwiftPM names the
  # package itself, CocoaPods needs to be told.
  s.pod_target_xcconfig = { 'OTHER_SWIFT_FLAGS' => '-package-name ResilientDecoding' }
  s.frameworks = 'Foundation'
end
