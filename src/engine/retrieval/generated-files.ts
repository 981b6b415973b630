/**
 * Code a protocol compiler writes from a `.proto` or a Thrift file (protoc's Go `*.pb.go`, `*_grpc.pb.go`, grpc-gateway's
 * `*.pb.gw.go`, connect's `*.connect.go`, Python's `*_pb2.py`, C++'s `*.pb.cc`, JavaScript's and protobuf-es' `*_pb.js` and
 * `*_pb.ts`, Swift's `*.pb.swift`, Thrift's `gen-go/`) restates every message, field and service of the schema with
 * accessors for each: usememos/memos' `proto/gen/store/attachment.pb.go` came first for "how are attachments stored in S3?",
 * two more generated files in the top 5, ahead of the storage code. The schema itself stays as it is; the stubs count as
 * built output does, unless the question asks about generated code, stubs or protoc.
 */
export const GENERATED_FACTOR = 0.5;

/** A stub by its name's ending (this runs once for every file a question scores), or a Thrift output folder. */
export const GENERATED_PATH =
  /(\.pb(\.gw|\.validate)?\.go|\.connect\.go|_pb2(_grpc)?\.pyi?|\.pb\.(cc|h|swift)|_(grpc_)?pb\.(js|d\.ts|ts)|_thrift\.go)$|(^|\/)gen-(go|py|java|cpp)\//;

/** Words of a question about the generated code itself (stemmed, as terms are). */
export const GENERATED_WORDS = new Set(['generat', 'stub', 'protoc', 'pb', 'codegen']);
