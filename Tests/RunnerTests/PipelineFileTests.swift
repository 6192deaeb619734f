import Foundation
import Runner
import Testing
import TestSupport

@Suite("A pipeline file that cannot be one is refused saying what it is")
struct PipelineFileTests {
    let loader = PipelineLoader(registry: testRegistry(), environment: StageEnvironment(baseDirectory: "/tmp"))

    func problem(loading path: String) -> PipelineError? {
        do {
            _ = try loader.load(file: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func givenDevNull_thenTheFileIsEmpty() {
        let error = problem(loading: "/dev/null")
        #expect(error == PipelineError(file: "/dev/null", problem: .empty))
        #expect(error?.description
                == "/dev/null: the file is empty; a pipeline file is a JSON object with sources, stages and edges")
    }

    @Test func givenADirectory_thenItIsNotAPipelineFile() throws {
        let folder = NSTemporaryDirectory() + "pipelines-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = problem(loading: folder)
        #expect(error?.description == "\(folder): a directory, not a pipeline file")
    }

    @Test func givenEndlessData_thenReadingStopsAtTheLimit() {
        let limit = PipelineLoader.maximumFileSize
        #expect(problem(loading: "/dev/zero") == PipelineError(file: "/dev/zero", problem: .tooLarge(limit: limit)))
    }

    @Test func givenAMissingFile_thenTheSystemsReasonIsGiven() {
        #expect(problem(loading: "/no/such/pipeline.json")?.description
                == "/no/such/pipeline.json: cannot read the pipeline file: No such file or directory")
    }

    @Test func givenWhiteSpaceOnly_thenTheFileIsEmpty() throws {
        let path = NSTemporaryDirectory() + "blank-" + UUID().uuidString + ".json"
        try Data(" \n\t\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(problem(loading: path) == PipelineError(file: path, problem: .empty))
    }
}
