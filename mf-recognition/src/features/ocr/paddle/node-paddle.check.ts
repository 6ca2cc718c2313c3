// Run by node-paddle.node.test.ts in its own process (onnxruntime-web loads its WebAssembly glue by a dynamic
// import, which Jest's module sandbox refuses): reads one note image's prepared page with the second reader and
// prints the read as JSON.
import { prepareImageForOcr } from '../node-ocr';
import { paddleReadNode } from './node-paddle';

async function main() {
  const pgm = await prepareImageForOcr(process.argv[2]!);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const page = { gray: pgm.subarray(header[0].length), width: Number(header[1]), height: Number(header[2]) };
  console.log(JSON.stringify(await paddleReadNode(page)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
