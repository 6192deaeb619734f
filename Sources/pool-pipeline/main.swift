// pool-pipeline: index a library of captures, and read the index.
import Foundation
import PoolPipeline

ProcessRuntime.settle()        // OpenBLAS loaded with its kernel, glibc's mmap threshold: in this process
let words = Array(CommandLine.arguments.dropFirst())
if let status = Supervision.superviseIfNeeded(words) { exit(status) }
let code = await CommandLineTool.main(words)
exit(code.rawValue)
