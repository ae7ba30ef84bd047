import { AwsV4Signer } from "aws4fetch";
import { describe, expect, test } from "vitest";
import { fileStoreKind } from "./file-store.ts";
import { parseS3Url } from "./s3-file-store.ts";

describe("S3_URL", () => {
  test("path style: the bucket (and a prefix) in the path, the region in the query", () => {
    expect(parseS3Url("http://minio-key:minio%2Fsecret@files.internal:9000/training-files/prod/?region=eu-west-3")).toEqual({
      bucketUrl: "http://files.internal:9000/training-files",
      keyPrefix: "prod/",
      accessKeyId: "minio-key",
      secretAccessKey: "minio/secret",
      region: "eu-west-3",
    });
  });

  test("virtual-hosted style: the bucket in the host name, the region left to the host name", () => {
    expect(parseS3Url("https://AKIAEXAMPLE:s3cr3t@training-files.s3.eu-west-3.amazonaws.com")).toEqual({
      bucketUrl: "https://training-files.s3.eu-west-3.amazonaws.com",
      keyPrefix: "",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "s3cr3t",
    });
  });

  test("a wrong S3_URL says what is wrong, without repeating the secret", () => {
    for (const [value, problem] of [
      ["not a url", /not a URL/],
      ["ftp://key:topsecret@host/bucket", /http:\/\/ or https:\/\//],
      ["https://host/bucket", /lacks the access key or the secret/],
      ["https://key@host/bucket", /lacks the access key or the secret/],
    ] as const) {
      let message = "";
      try {
        parseS3Url(value);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, value).toMatch(problem);
      expect(message, value).not.toContain("topsecret");
    }
  });

  test("S3_URL chooses the bucket unless FILE_STORE names another store", () => {
    const s3 = "http://key:secret@127.0.0.1:9000/files";
    expect(fileStoreKind({ S3_URL: s3, DATABASE_URL: "postgres://db/x", FILE_STORE: undefined })).toBe("s3");
    expect(fileStoreKind({ S3_URL: s3, DATABASE_URL: "postgres://db/x", FILE_STORE: "database" })).toBe("database");
    expect(fileStoreKind({ S3_URL: undefined, DATABASE_URL: "postgres://db/x", FILE_STORE: undefined })).toBe("database");
    expect(fileStoreKind({ S3_URL: undefined, DATABASE_URL: undefined, FILE_STORE: undefined })).toBe("local");
  });
});

// The local S3-compatible server of the integration tests (s3rver) does not check Signature Version 4, so the
// signing of the client the store uses (aws4fetch) is checked here against the examples of Amazon's S3 reference,
// "Signature calculations for the Authorization header: transferring payload in a single chunk" (credentials
// AKIAIOSFODNN7EXAMPLE, bucket examplebucket, us-east-1, 24 May 2013).
describe("Signature Version 4 as Amazon's S3 reference computes it", () => {
  const credentials = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" };
  const emptyPayload = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

  const examples: { name: string; url: string; method: string; headers: Record<string, string>; body?: string; signedHeaders: string; signature: string }[] = [
    {
      name: "GET object",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      method: "GET",
      headers: { range: "bytes=0-9", "x-amz-content-sha256": emptyPayload },
      signedHeaders: "host;range;x-amz-content-sha256;x-amz-date",
      signature: "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    },
    {
      name: "PUT object, the payload's hash signed",
      url: "https://examplebucket.s3.amazonaws.com/test$file.text",
      method: "PUT",
      headers: {
        date: "Fri, 24 May 2013 00:00:00 GMT",
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
        "x-amz-content-sha256": "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072",
      },
      body: "Welcome to Amazon S3.",
      signedHeaders: "date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class",
      signature: "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    },
  ];

  test.each(examples)("$name", async ({ url, method, headers, body, signedHeaders, signature }) => {
    const signer = new AwsV4Signer({
      ...credentials,
      url,
      method,
      headers,
      body,
      service: "s3",
      region: "us-east-1",
      datetime: "20130524T000000Z",
      allHeaders: true,
    });
    const signed = await signer.sign();
    expect(signed.headers.get("authorization")).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    );
  });
});
