# Reads SMILES (one a line) from stdin and prints, per line, RDKit's molecular weight or "reject".
# Used by smiles-rdkit.test.ts and bench/smiles-reading.js; chem itself never runs Python.
import sys
from rdkit import Chem, RDLogger
from rdkit.Chem.Descriptors import MolWt

RDLogger.DisableLog('rdApp.*')
for line in sys.stdin:
    m = Chem.MolFromSmiles(line.rstrip('\n'))
    print('reject' if m is None else '%.4f' % MolWt(m))
