import Foundation
import ResilientDecoding
import Testing

/// An array of which no element decodes is decoded again whole only where its decoder may read
/// it differently that way (DocC "Using Other Decoders"): a look at how it reads whole (how many
/// elements, and whether the first decodes) decides, and a container that refused to move past
/// an element as a value that reads nothing is not trusted. With a decoder that reads arrays the
/// same both ways, each element is decoded once, and the first once more by that look.
@Suite struct ArraysWhereNothingDecodesTests {
  /// A value that counts how many times it is decoded, and fails.
  struct Counted: Decodable {
    static let key = CodingUserInfoKey(rawValue: "ArraysWhereNothingDecodesTests.count")!

    init(from decoder: any Decoder) throws {
      (decoder.userInfo[Self.key] as? LockedList<Int>)?.append(1)
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: ""))
    }
  }

  struct CountedList: Decodable {
    @Resilient var values: [Counted]
  }

  @Test func eachElementIsDecodedOnceAndTheFirstOnceMoreByTheLook() throws {
    let decodes = LockedList<Int>()
    let decoder = JSONDecoder()
    decoder.userInfo[Counted.key] = decodes
    let reporter = decoder.enableResilientDecodingErrorReporting()
    let list = try decoder.decode(
      CountedList.self, from: Data(#"{"values": [1, 2, 3, 4, 5, 6, 7, 8]}"#.utf8))
    #expect(list.values.isEmpty)
    #expect(decodes.elements.count == 8 + 1)
    #expect(reporter.flushReportedErrors()?.errors.count == 8, "each failure reported once")
  }

  struct Product: Decodable, Equatable {
    let name: String
    @Resilient var price: Double?
  }

  struct Shelf: Decodable {
    @Resilient var products: [Product]
  }

  /// A lone element with one member reads as as many elements both ways (XMLCoder's nested
  /// container takes the member for the element): its first element decoding whole tells them
  /// apart.
  @Test func aLoneElementOfOneMemberIsToldApartByItsFirstElement() throws {
    let lone: Tree = ["products": ["name": "p"]]
    let shelf = try TreeDecoder.decode(Shelf.self, from: lone, quirks: [.misreadsLoneElements])
    #expect(shelf.value.products == [Product(name: "p", price: nil)])
    #expect(shelf.digest == nil)
  }

  /// A container that refuses every value after a failure (the protocols allow it) refuses
  /// even a value that reads nothing: the array is then decoded whole, which keeps the elements
  /// after the first failure.
  @Test func aContainerThatRefusedAValueThatReadsNothingIsDecodedWhole() throws {
    let document = try Tree(json: #"{"products": [{"price": 1}, {"name": "a"}, {"name": "b"}]}"#)
    let shelf = try TreeDecoder.decode(
      Shelf.self, from: document, quirks: [.refusesDecodablesAfterAFailure])
    #expect(shelf.value.products.map(\.name) == ["a", "b"])
    #expect(reports(shelf.digest) == [Report("products.Index 0", .keyNotFound("name"))])
  }
}
