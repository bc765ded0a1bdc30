import Foundation
@_spi(Testing) import ResilientDecoding
import XCTest

final class SmokeTests: XCTestCase {
  struct Foo: Decodable {
    @Resilient var array: [Int]
    @Resilient var value: Int?
    @Resilient var dict: [String: Int]
    @Resilient var set: Set<Int>
    @Resilient var intKeyed: [Int: String]
  }

  func testGlimpse() throws {
    let data = Data(
      #"{"array": [1, "2", 3], "value": "invalid", "dict": {"a": 1, "b": "x"}, "set": [1,1,"x",2], "intKeyed": {"1": "a", "x": "b"}}"#
        .utf8)
    let (foo, digest) = try JSONDecoder().decode(
      Foo.self, from: data, reportResilientDecodingErrors: true)
    XCTAssertEqual(foo.array, [1, 3])
    XCTAssertNil(foo.value)
    XCTAssertEqual(foo.dict, ["a": 1])
    XCTAssertEqual(foo.set, [1, 2])
    XCTAssertEqual(foo.intKeyed, [1: "a"])
    print(digest!.debugDescription)
    print(digest!.entries.map(\.path))
    #if DEBUG
      print(foo.$array.results, foo.$value.error as Any, foo.$dict.errors, foo.$set.results)
    #endif
    let top = try JSONDecoder().decode(
      Resilient<[Int]>.self, from: Data("[1,\"a\",2]".utf8), reportResilientDecodingErrors: true)
    XCTAssertEqual(top.0.wrappedValue, [1, 2])
    print(top.1!.debugDescription)
  }
}
