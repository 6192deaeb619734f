// The codes family adapts the code reader: `import CodesStages` brings `CodeReader` and its options too.
@_exported import CodeReading
