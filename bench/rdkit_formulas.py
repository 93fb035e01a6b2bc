# Reads SMILES (one a line) from stdin and prints, per line, RDKit's molecular formula or "reject".
# For bench/smiles-reading.js; chem itself never runs Python.
import sys
from rdkit import Chem, RDLogger
from rdkit.Chem.rdMolDescriptors import CalcMolFormula

RDLogger.DisableLog('rdApp.*')
out = []
for line in sys.stdin:
    m = Chem.MolFromSmiles(line.rstrip('\n'))
    out.append('reject' if m is None else CalcMolFormula(m))
print('\n'.join(out))
