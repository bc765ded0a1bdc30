import Foundation
import ResilientDecoding

/// Decodes `type` from a JSON string with a reporter for this call only.
///
/// - Returns: The decoded value and the digest of what was reported (`nil` when nothing was).
func decode<T: Decodable>(
  _ type: T.Type,
  json: String,
  using decoder: JSONDecoder = JSONDecoder()
) throws -> (value: T, digest: ErrorDigest?) {
  let (value, digest) = try decoder.decode(
    type, from: Data(json.utf8), reportResilientDecodingErrors: true)
  return (value, digest)
}
